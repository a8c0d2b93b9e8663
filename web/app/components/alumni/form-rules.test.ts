import { describe, expect, it } from 'vitest';
import { alumniFormSchema, batchOptions, validateAlumniForm, type AlumniForm } from '@sthsm/contract';
import { MALFORMED_EMAILS, VALID_ALUMNI_FORM } from '../../lib/testing/alumni-form';

// The alumni form's batch order and e-mail rules at the contract (packages/contract/src/alumni.ts,
// issue 39): the API and the site both validate with this schema, so a rule dropped there is
// dropped everywhere. The API's own answers to the same inputs: api/test/form.test.ts.

const VALID = VALID_ALUMNI_FORM;

const BATCH_ORDER_MESSAGE = 'The batch you left in cannot be before the batch you joined.';
const EMAIL_MESSAGE = 'Enter a valid email address, like name@example.org.';

describe('the batch order (joined, then left)', () => {
  it('refuses a left batch before the joined one, on toYear with its message', () => {
    const result = validateAlumniForm({ ...VALID, fromYear: '2015 to 2016', toYear: '2004 to 2005' });
    expect(result).toEqual({ ok: false, errors: { toYear: BATCH_ORDER_MESSAGE } });
    // One year apart is enough.
    expect(validateAlumniForm({ ...VALID, fromYear: '2010 to 2011', toYear: '2009 to 2010' })).toEqual({
      ok: false,
      errors: { toYear: BATCH_ORDER_MESSAGE },
    });
  });

  it('accepts the same batch for both and a later left batch', () => {
    expect(validateAlumniForm({ ...VALID, fromYear: '2010 to 2011', toYear: '2010 to 2011' }).ok).toBe(true);
    expect(validateAlumniForm({ ...VALID, fromYear: '2010 to 2011', toYear: '2011 to 2012' }).ok).toBe(true);
    const [newest] = batchOptions();
    const oldest = batchOptions().at(-1);
    expect(validateAlumniForm({ ...VALID, fromYear: oldest, toYear: newest }).ok).toBe(true);
  });
});

describe('the e-mail rule', () => {
  it.each(MALFORMED_EMAILS)('refuses %j with its message', (email) => {
    expect(validateAlumniForm({ ...VALID, email })).toEqual({ ok: false, errors: { email: EMAIL_MESSAGE } });
  });

  it('accepts ordinary addresses, trimmed', () => {
    for (const email of ['riya@example.org', 'riya.sen+alumni@mail.school.example', 'r@b.co', 'RIYA@EXAMPLE.IN']) {
      const result = alumniFormSchema.safeParse({ ...VALID, email: ` ${email} ` });
      expect(result.success, email).toBe(true);
      expect((result.data as AlumniForm).email).toBe(email);
    }
  });
});
