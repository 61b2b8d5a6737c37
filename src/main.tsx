// Only the Latin faces are in the render-blocking stylesheet (3 small rules, for the English text of every
// page); the ~370 rules of the Japanese slices are loaded after the first paint (src/ui/font-faces.ts).
import '@fontsource/noto-sans-jp/latin-400.css';
import '@fontsource/noto-sans-jp/latin-700.css';
import '@fontsource/zen-maru-gothic/latin-700.css';
import './ui/styles/index.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { buildRouter } from './router';
import { loadAllFontFacesAfterFirstPaint } from './ui/font-faces';
import { initAuth } from './state/auth';

const router = buildRouter();
void initAuth();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
loadAllFontFacesAfterFirstPaint();
