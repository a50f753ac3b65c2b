import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../lib/useTranslation';
import { formatCardNumberInput } from '@tessera/contracts';
import type { ScannerDialogProps } from './ScannerDialog';

const loadDialog = () => import('./ScannerDialog');

/** The scan button beside a card number field; opens the scanner dialog (loaded when pressed). */
export default function ScanButton({ inputId, onScan }: { inputId: string; onScan: (formatted: string) => void }) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<ComponentType<ScannerDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const openScanner = async () => {
    const module = await loadDialog();
    setDialog(() => module.ScannerDialog);
    setOpen(true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="card-scan-button"
        aria-label={t('scanner__open')}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => void openScanner()}
      >
        <CameraIcon />
        <span aria-hidden="true">{t('scanner__open_short')}</span>
      </button>
      {open && Dialog ? (
        <Dialog
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
          onNumber={(number) => {
            setOpen(false);
            onScan(formatCardNumberInput(number));
            document.getElementById(inputId)?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function CameraIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path
        d="M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
