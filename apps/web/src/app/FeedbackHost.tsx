import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { setFeedbackApi } from '../lib/feedback';

function Bridge() {
  const { message, modal, notification } = App.useApp();
  // Calls made before the host was there are shown now, in the order they were made.
  useLayoutEffect(() => {
    setFeedbackApi({ message, modal, notification });
    return () => setFeedbackApi(null);
  }, [message, modal, notification]);
  return null;
}

/**
 * antd's message, modal and notification holders inside the providers' theme and locale. Loaded after the first page
 * has shown (or when something asks for feedback first): the dashboard does not wait for dialogs nobody opened.
 */
export default function FeedbackHost() {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
