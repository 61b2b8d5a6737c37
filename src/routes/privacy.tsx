import { createFileRoute } from '@tanstack/react-router';
import { privacyPolicy } from '../content/privacy';
import { LegalPage } from '../ui/LegalPage';
import { publicHead } from '../ui/page-head';

export const Route = createFileRoute('/privacy')({ head: () => publicHead('/privacy'), component: () => <LegalPage document={privacyPolicy} /> });
