import './lib/zodWithoutEval';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { AdminApp } from './app/App';
import { createQueryClient } from './app/queryClient';
import { detectLanguage } from './lib/i18n';
import { createNoticeQueue } from './lib/toast';

createRoot(document.getElementById('root')!).render(<AdminApp queryClient={createQueryClient()} notices={createNoticeQueue()} language={detectLanguage()} />);
