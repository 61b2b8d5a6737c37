import { createFileRoute } from '@tanstack/react-router';
import { termsOfService } from '../content/terms';
import { LegalPage } from '../ui/LegalPage';
import { publicHead } from '../ui/page-head';

export const Route = createFileRoute('/terms')({ head: () => publicHead('/terms'), component: () => <LegalPage document={termsOfService} /> });
