import { Button, Result } from 'antd';

/** What the error pages show alike: the code, what happened, and one button out (back, home). */
export function ErrorResult({
  status,
  code,
  message,
  action,
}: {
  status: '403' | '404';
  code: string;
  message: string;
  action: { id: string; label: string; onClick: () => void };
}) {
  return (
    <main className="error-page">
      <Result
        status={status}
        title={code}
        subTitle={message}
        extra={
          <Button id={action.id} type="primary" onClick={action.onClick}>
            {action.label}
          </Button>
        }
      />
    </main>
  );
}
