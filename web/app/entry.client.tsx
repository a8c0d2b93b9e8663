import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchTypedText } from './lib/typed-before-start';

// React Router's own entry, with one line first: text typed into a textarea before this script ran
// is noted, and put back once React has hydrated (lib/typed-before-start.ts; root.tsx restores it).
watchTypedText(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
