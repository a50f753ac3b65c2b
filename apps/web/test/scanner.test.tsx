import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captchaRoute, createTestI18n, demoTheme, mockFetch, renderApp, themeRoute } from './utils';
import { LAST_CAMERA_KEY } from '../src/components/CardScanner/scannerSettings';

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
  pageAvailability: [
    { code: 'BALANCE', isAvailable: true, availableLanguages: ['nl', 'en'] },
    { code: 'REPLACE', isAvailable: true, availableLanguages: ['nl', 'en'] },
  ],
});

function fakeCamera({ enumerate = 'ok' }: { enumerate?: 'ok' | 'fail' } = {}) {
  const track = { stop: vi.fn(), getSettings: () => ({ deviceId: 'rear-1' }), addEventListener: vi.fn(), readyState: 'live' };
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
  return { track, getUserMedia };
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
});

afterEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});

describe('scan button (brand configuration)', () => {
  it('shows beside the card number where the brand offers scanning for the flow', async () => {
    mockFetch([themeRoute(scanning), captchaRoute]);
    renderApp('/demo/balance');
    const button = await screen.findByRole('button', { name: 'Scan card number' }, { timeout: 5000 });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
  });

  for (const [where, theme, path] of [
    ['where the brand offers no scanning (acme: scanningFlows empty)', demoTheme({ scanningFlows: [] }), '/demo/balance'],
    ['in a flow the brand does not list, even when another flow has it', scanning, '/demo/replace'],
  ] as const) {
    it(`is absent ${where}`, async () => {
      mockFetch([themeRoute(theme), captchaRoute]);
      renderApp(path);
      await screen.findByLabelText('Card number', undefined, { timeout: 5000 });
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(screen.queryByRole('button', { name: 'Scan card number' })).toBeNull();
    });
  }

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

  it('keeps focus inside: Tab from the last control goes to the first', async () => {
    fakeCamera();
    renderApp('/demo/balance');
    const { user, dialog } = await openScanner();
    const typeInstead = within(dialog).getByRole('button', { name: 'Type the number instead' });
    typeInstead.focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(typeInstead);
    await user.click(typeInstead);
    expect(screen.queryByRole('dialog')).toBeNull();
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
