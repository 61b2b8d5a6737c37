import { createFileRoute } from '@tanstack/react-router';
import { privacyPolicy } from '../content/privacy';
import { LegalPage } from '../ui/LegalPage';

export const Route = createFileRoute('/privacy')({ component: () => <LegalPage document={privacyPolicy} /> });
