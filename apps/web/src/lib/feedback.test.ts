import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('antd/es/message', () => ({ default: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
vi.mock('antd/es/modal', () => ({ default: { confirm: vi.fn() } }));
vi.mock('antd/es/notification', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const { setFeedbackApi, toastError, confirmDialog, notifySuccess } = await import('./feedback');
const staticMessage = (await import('antd/es/message')).default;
const staticModal = (await import('antd/es/modal')).default;
const staticNotification = (await import('antd/es/notification')).default;

afterEach(() => {
  setFeedbackApi(null);
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
});
