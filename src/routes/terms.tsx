import { createFileRoute } from '@tanstack/react-router';
import { termsOfService } from '../content/terms';
import { LegalPage } from '../ui/LegalPage';

export const Route = createFileRoute('/terms')({ component: () => <LegalPage document={termsOfService} /> });
