import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('antd/es/message', () => ({ default: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
vi.mock('antd/es/modal', () => ({ default: { confirm: vi.fn() } }));
vi.mock('antd/es/notification', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const { setFeedbackApi, toastError, confirmDialog, notifySuccess, useFeedback, expectFeedbackHost, isFeedbackHostWanted } =
  await import('./feedback');
const staticMessage = (await import('antd/es/message')).default;
const staticModal = (await import('antd/es/modal')).default;
const staticNotification = (await import('antd/es/notification')).default;

afterEach(() => {
  setFeedbackApi(null);
  expectFeedbackHost(false);
  vi.clearAllMocks();
});

describe('feedback', () => {
  it("uses antd's static functions, fetched on first use, while no providers handed theirs over (the login page)", async () => {
    toastError('oops');
    confirmDialog({ title: 'sure?' });
    notifySuccess('done');
    await vi.waitFor(() => expect(staticMessage.error).toHaveBeenCalledWith('oops', 5));
    await vi.waitFor(() => expect(staticModal.confirm).toHaveBeenCalledWith({ title: 'sure?' }));
    await vi.waitFor(() => expect(staticNotification.success).toHaveBeenCalledWith({ title: 'done', description: undefined, duration: 2 }));
  });

  it("uses the providers' contextual API at once when it is there", () => {
    const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    setFeedbackApi({ message, modal: { confirm: vi.fn() } } as unknown as Parameters<typeof setFeedbackApi>[0]);
    toastError('oops', 3);
    expect(message.error).toHaveBeenCalledWith('oops', 3);
    expect(staticMessage.error).not.toHaveBeenCalled();
  });

  it("waits for the console's host: calls made before it loads are shown, in order, once it is there", () => {
    expectFeedbackHost(true);
    const feedback = useFeedback();
    toastError('first');
    feedback.message.success('second', 2);
    const hide = feedback.message.loading('never shown', 0);
    hide();
    expect(isFeedbackHostWanted()).toBe(true);
    expect(staticMessage.error).not.toHaveBeenCalled();

    const calls: string[] = [];
    const record = (kind: string) => (content: unknown) => {
      calls.push(`${kind}:${String(content)}`);
      return Object.assign(() => calls.push(`hide:${String(content)}`), { then: () => Promise.resolve(true) });
    };
    const message = { error: record('error'), success: record('success'), loading: record('loading') };
    setFeedbackApi({ message, modal: { confirm: vi.fn() } } as unknown as Parameters<typeof setFeedbackApi>[0]);
    expect(calls).toEqual(['error:first', 'success:second']);
    expect(staticMessage.error).not.toHaveBeenCalled();
  });

  it("hands a dialog's handle over: closing it before the host is there closes it once shown", async () => {
    expectFeedbackHost(true);
    const dialog = useFeedback().modal.confirm({ title: 'sure?' });
    dialog.destroy();
    const destroy = vi.fn();
    const confirm = vi.fn(() => ({
      destroy,
      update: vi.fn(),
      then: (resolve: (ok: boolean) => unknown) => Promise.resolve(resolve(true)),
    }));
    setFeedbackApi({ message: {}, modal: { confirm } } as unknown as Parameters<typeof setFeedbackApi>[0]);
    expect(confirm).toHaveBeenCalledWith({ title: 'sure?' });
    await vi.waitFor(() => expect(destroy).toHaveBeenCalledOnce());
    await expect(
      dialog.then(
        (ok) => ok,
        () => undefined,
      ),
    ).resolves.toBe(true);
  });
});
