import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslatorProvider } from '../src/lib/useTranslation';
import { captchaRoute, createTestI18n, demoTheme, mockFetch, offeredPage, renderApp, texts, themeRoute } from './utils';
import { LAST_CAMERA_KEY } from '../src/components/CardScanner/scannerSettings';
import { ScannerDialog } from '../src/components/CardScanner/ScannerDialog';

// The decoders and the canvas work are browser-only (covered by scanner-decode.test.ts in wasm and
// by e2e/tests/scanner.spec.ts in Chromium); here they are stand-ins the tests steer.
const decode = vi.fn();
vi.mock('../src/components/CardScanner/decoder', () => ({
  createDecoder: async () => ({ kind: 'zxing', decode }),
}));
vi.mock('../src/components/CardScanner/imageSource', () => ({
  frameToImageData: () => null,
  fileToImageData: async () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 }),
}));

const scanning = demoTheme({
  scanningFlows: ['BALANCE'],
  pageAvailability: [offeredPage('BALANCE'), offeredPage('REPLACE')],
});

/**
 * jsdom has <dialog> but not its modal behaviour: no showModal or close, and Escape is not turned
 * into the `cancel` event (closing the dialog unless it is prevented). This stands in for what the
 * browser does; e2e/tests/scanner.spec.ts checks the real thing in Chromium.
 */
function nativeDialogStandIn() {
  const proto = HTMLDialogElement.prototype as Partial<Pick<HTMLDialogElement, 'showModal' | 'close'>>;
  const showModal = vi.fn(function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  });
  proto.showModal = showModal;
  proto.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
    if (event.key !== 'Escape' || !dialog) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  };
  document.addEventListener('keydown', onKeyDown);
  return {
    showModal,
    remove() {
      document.removeEventListener('keydown', onKeyDown);
      delete proto.showModal;
      delete proto.close;
    },
  };
}
let nativeDialog: ReturnType<typeof nativeDialogStandIn>;

function fakeCamera({ enumerate = 'ok' }: { enumerate?: 'ok' | 'fail' } = {}) {
  const ended = new Set<() => void>();
  const track = {
    stop: vi.fn(),
    getSettings: () => ({ deviceId: 'rear-1' }),
    addEventListener: vi.fn((type: string, listener: () => void) => {
      if (type === 'ended') ended.add(listener);
    }),
    readyState: 'live',
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  const getUserMedia = vi.fn(async () => stream);
  const enumerateDevices = vi.fn(async () => {
    if (enumerate === 'fail') throw new Error('denied');
    return [
      { kind: 'videoinput', deviceId: 'rear-1', label: 'Back camera' },
      { kind: 'videoinput', deviceId: 'front-1', label: 'Front camera' },
    ];
  });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia, enumerateDevices } }));
  /** The device goes away: the track ends on its own. */
  const lose = () => ended.forEach((listener) => listener());
  return { track, getUserMedia, lose };
}

async function openScanner() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Scan card number' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Scan your card' });
  return { user, dialog };
}

beforeEach(() => {
  decode.mockReset();
  decode.mockResolvedValue({ type: 'failure', failure: 'notFound' });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  nativeDialog = nativeDialogStandIn();
});

afterEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  nativeDialog.remove();
});

describe('scan button (brand configuration)', () => {
  it('shows beside the card number where the brand offers scanning for the flow', async () => {
    mockFetch([themeRoute(scanning), captchaRoute]);
    renderApp('/demo/balance');
    const button = await screen.findByRole('button', { name: 'Scan card number' }, { timeout: 5000 });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it.each([
    ['where the brand offers no scanning (acme: scanningFlows empty)', demoTheme({ scanningFlows: [] }), '/demo/balance'],
    ['in a flow the brand does not list, even when another flow has it', scanning, '/demo/replace'],
  ])('is absent %s', async (_case, theme, path) => {
    mockFetch([themeRoute(theme), captchaRoute]);
    renderApp(path);
    await screen.findByLabelText('Card number', undefined, { timeout: 5000 });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('button', { name: 'Scan card number' })).toBeNull();
  });

  it('is named in Dutch for a Dutch page', async () => {
    mockFetch([themeRoute(scanning), captchaRoute]);
    renderApp('/demo/balance', { i18n: createTestI18n('nl') });
    expect(await screen.findByRole('button', { name: 'Kaartnummer scannen' }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('scanner dialog', () => {
  beforeEach(() => {
    mockFetch([themeRoute(scanning), captchaRoute]);
  });

  it('starts the rear camera, remembers it, pauses and resumes, and Escape goes back to typing', async () => {
    const { track, getUserMedia } = fakeCamera();
    renderApp('/demo/balance');
    const { user, dialog } = await openScanner();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: 'environment', aspectRatio: 1 } });
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…'));
    expect(localStorage.getItem(LAST_CAMERA_KEY)).toBe('rear-1');
    // Two cameras: a choice.
    expect((within(dialog).getByLabelText('Camera') as HTMLSelectElement).value).toBe('rear-1');

    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(within(dialog).getByRole('status').textContent).toContain('Scanner paused.');
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(track.stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Scan card number' }));
  });

  it('opens the remembered camera next time', async () => {
    localStorage.setItem(LAST_CAMERA_KEY, 'front-1');
    const { getUserMedia } = fakeCamera();
    renderApp('/demo/balance');
    await openScanner();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { deviceId: { exact: 'front-1' } } }));
  });

  it('opens as a modal dialog (the browser keeps focus inside); "Type the number instead" goes back to typing', async () => {
    const { track } = fakeCamera();
    renderApp('/demo/balance');
    const { user, dialog } = await openScanner();
    expect(nativeDialog.showModal).toHaveBeenCalledTimes(1);
    expect(nativeDialog.showModal.mock.contexts[0]).toBe(dialog);
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…'));
    await user.click(within(dialog).getByRole('button', { name: 'Type the number instead' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(track.stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Scan card number' }));
  });

  it('says when the camera is lost while scanning, and starts it again on request', async () => {
    const { getUserMedia, lose } = fakeCamera();
    renderApp('/demo/balance');
    const { user, dialog } = await openScanner();
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…'));
    act(() => lose());
    expect((await within(dialog).findByRole('alert')).textContent).toContain(texts.en.scanner__camera_error);
    expect(within(dialog).queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Use the camera' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…'));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('scans under React StrictMode too (its effects run twice: the first camera is let go)', async () => {
    const { getUserMedia } = fakeCamera();
    render(
      <StrictMode>
        <TranslatorProvider translator={createTestI18n('en')}>
          <ScannerDialog onClose={() => undefined} onNumber={() => undefined} />
        </TranslatorProvider>
      </StrictMode>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Scan your card' });
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…'));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(nativeDialog.showModal).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('gives no number once it went away while a photo was being read', async () => {
    fakeCamera();
    const onNumber = vi.fn();
    const view = render(
      <TranslatorProvider translator={createTestI18n('en')}>
        <ScannerDialog onClose={() => undefined} onNumber={onNumber} />
      </TranslatorProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Scan your card' });
    let answer: (outcome: unknown) => void = () => undefined;
    decode.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await userEvent.setup().upload(within(dialog).getByLabelText('Choose a photo of the card'), new File(['x'], 'card.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain(texts.en.scanner__reading_photo));
    view.unmount();
    answer({ type: 'match', text: '6064000000000000101', format: 'Code128' });
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(onNumber).not.toHaveBeenCalled();
  });

  it('says the camera needs a secure context', async () => {
    fakeCamera();
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    renderApp('/demo/balance');
    const { dialog } = await openScanner();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The camera can only be used on a secure (https) page.');
    expect((within(dialog).getByLabelText('Choose a photo of the card') as HTMLInputElement).disabled).toBe(false);
  });

  it('says the browser cannot stream', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: undefined }));
    renderApp('/demo/balance');
    const { dialog } = await openScanner();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This browser cannot stream from the camera.');
  });

  it('shows the getUserMedia error', async () => {
    const { getUserMedia } = fakeCamera();
    getUserMedia.mockRejectedValue(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    renderApp('/demo/balance');
    const { dialog } = await openScanner();
    expect((await within(dialog).findByRole('alert')).textContent).toContain("The camera is not allowed. Allow it in your browser's settings");
    expect(within(dialog).getByRole('button', { name: 'Use the camera' })).toBeTruthy();
  });

  it('says when the cameras cannot be listed, and goes on scanning', async () => {
    fakeCamera({ enumerate: 'fail' });
    renderApp('/demo/balance');
    const { dialog } = await openScanner();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The cameras of this device could not be listed');
    expect(within(dialog).getByRole('status').textContent).toContain('Looking for a code…');
  });

  it('reads a chosen photo: a code without a card number is a parse error, then the number fills the field', async () => {
    fakeCamera();
    renderApp('/demo/balance');
    const { user, dialog } = await openScanner();
    const file = new File(['x'], 'card.png', { type: 'image/png' });
    decode.mockResolvedValueOnce({ type: 'match', text: 'https://www.example.com/', format: 'QRCode' });
    await user.upload(within(dialog).getByLabelText('Choose a photo of the card'), file);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No card number could be read.');

    decode.mockResolvedValueOnce({ type: 'match', text: '6064000000000000101', format: 'Code128' });
    await user.upload(within(dialog).getByLabelText('Choose a photo of the card'), file);
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Card number found.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6064 0000 0000 0000 101');
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
  });
});
