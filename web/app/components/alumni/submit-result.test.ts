import { describe, expect, it } from 'vitest';
import { ALUMNI_SUCCESS_MESSAGE } from '@sthsm/contract';
import { EMPTY_VALUES, MESSAGES, actionStatus, rateLimitMessage, readValues, toActionData } from './submit-result';

const values = { ...EMPTY_VALUES, name: '  Asha Verma ', email: 'asha@example.org' };
const failure = (status: number, extra: object = {}) => ({ ok: false as const, status, error: 'x', errors: {}, ...extra });

describe('toActionData: API result to what the alumni page shows', () => {
  it('a 201 is the SPEC success message and no values (the form is cleared)', () => {
    const data = toActionData({ ok: true, id: 'abc' }, values);
    expect(data).toEqual({ status: 'success', id: 'abc', message: ALUMNI_SUCCESS_MESSAGE });
    expect(actionStatus(data)).toBe(200);
  });

  it('a 429 says when to try again from Retry-After, keeps every value and answers 429', () => {
    const result = failure(429, { retryAfter: 42 });
    const data = toActionData(result, values);
    expect(data).toMatchObject({ status: 'failed', values, message: expect.stringContaining('try again in 42 seconds') });
    expect(actionStatus(data, result)).toBe(429);
  });

  it('a 429 without Retry-After still gives a time', () => {
    expect(toActionData(failure(429), values)).toMatchObject({ message: expect.stringContaining('try again in a minute') });
    expect(rateLimitMessage(1)).toContain('in 1 second.');
    expect(rateLimitMessage(0.2)).toContain('in 1 second.');
  });

  it('an unreachable API (status 0) and a 5xx keep the values with a clear message', () => {
    expect(toActionData(failure(0), values)).toEqual({ status: 'failed', values, errors: {}, message: MESSAGES.unreachable });
    expect(actionStatus(toActionData(failure(0), values), failure(0))).toBe(503);
    expect(toActionData(failure(500), values)).toEqual({ status: 'failed', values, errors: {}, message: MESSAGES.serverError });
    expect(actionStatus(toActionData(failure(500), values), failure(500))).toBe(502);
  });

  it('a 413 asks to shorten the answers', () => {
    expect(toActionData(failure(413), values)).toMatchObject({ status: 'failed', values, message: MESSAGES.tooLarge });
  });

  it('a 400 shows the API’s per-field errors, dropping unknown keys', () => {
    const result = failure(400, { errors: { phone: 'Mobile is required.', bogus: 'nope' } });
    const data = toActionData(result, values);
    expect(data).toEqual({ status: 'invalid', values, errors: { phone: 'Mobile is required.' }, message: null });
    expect(actionStatus(data, result)).toBe(400);
  });

  it('a 400 without usable field errors is a failure message, not silence', () => {
    expect(toActionData(failure(400), values)).toMatchObject({ status: 'failed', message: MESSAGES.serverError });
  });
});

describe('readValues', () => {
  it('reads every field untrimmed and fills the missing ones with ""', () => {
    const form = new FormData();
    form.set('name', '  Asha ');
    form.set('unknown', 'x');
    const read = readValues(form);
    expect(read.name).toBe('  Asha ');
    expect(read.email).toBe('');
    expect(Object.keys(read)).toEqual(Object.keys(EMPTY_VALUES));
  });

  it('stores a textarea posted without JavaScript (\\r\\n) with the same line breaks as with it', () => {
    const form = new FormData();
    form.set('address', '12 Station Road\r\nMahimnagar');
    expect(readValues(form).address).toBe('12 Station Road\nMahimnagar');
  });
});
