import { describe, expect, it } from 'vitest';
import { formatPhone, toE164 } from './phone';

describe('Brazilian phone numbers', () => {
  it('formats as the user types', () => {
    expect(formatPhone('11912345678')).toBe('(11) 91234-5678');
    expect(formatPhone('1132345678')).toBe('(11) 3234-5678');
    expect(formatPhone('119')).toBe('(11) 9');
  });
  it('sends E.164 with +55, and refuses numbers without area code', () => {
    expect(toE164('(11) 91234-5678')).toBe('+5511912345678');
    expect(toE164('+55 11 91234-5678')).toBe('+5511912345678');
    expect(toE164('91234-5678')).toBeNull();
  });
});
