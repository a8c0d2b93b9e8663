import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { EditField, type EditFieldProps } from '../fields';

// An html field of a staff form (decision 0062): served as a labelled textarea holding the HTML, so
// the form works without JavaScript; once the page's script runs, the rich-text editor (TipTap, its
// own chunk, loaded only by pages that have such a field) takes the textarea's place.

const RichTextEditor = lazy(() => import('./editor'));

export function RichTextField(props: EditFieldProps & { rows?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [textarea, setTextarea] = useState<HTMLTextAreaElement | null>(null);
  useEffect(() => setTextarea(box.current?.querySelector('textarea') ?? null), []);
  return (
    <div ref={box} className="rich-field">
      <EditField {...props} rows={props.rows ?? 14} />
      {textarea ? (
        <Suspense fallback={null}>
          <RichTextEditor textarea={textarea} label={props.label} error={props.error} />
        </Suspense>
      ) : null}
    </div>
  );
}
