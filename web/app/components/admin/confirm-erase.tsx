import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from './fields';

/**
 * The step before an erasure (submissions, a person's data, a request's data, a child's record): the
 * question takes the focus so it is read and in view, "Erase for good" posts intent=erase with the
 * form's own hidden fields, and Cancel goes back without changing anything. A plain form: it works
 * before the page has started and without JavaScript.
 */
export function ConfirmErase({
  question,
  children,
  back = '.',
  fields = [],
}: {
  question: ReactNode;
  /** What erasing does, in a paragraph. */
  children: ReactNode;
  /** Where Cancel goes. */
  back?: string;
  /** Hidden fields the erasure posts (name, value). */
  fields?: ReadonlyArray<readonly [string, string]>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1}>
        {question}
      </h2>
      <p>{children}</p>
      <Form method="post" className="admin-button-row">
        <CsrfField />
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <button className="btn btn--danger" type="submit" name="intent" value="erase">
          Erase for good
        </button>
        <Link className="btn btn--outline" to={back}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
