import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCost,
  checkDecimalInput,
  checkDecimalText,
  checkEmail,
  checkInt32,
  checkIntegerInput,
  checkIpAddress,
  checkMandatory,
  checkMfaCode,
  checkPercentage,
  checkPrice,
  checkQuantity,
  checkStorageAmount,
  checkTag,
  compareDecimal,
  costRule,
  DemoRequest,
  demoRequestErrors,
  EmailAddress,
  INTEGER_FIELD_BLOCKED_KEYS,
  Int32Value,
  IpAddress,
  int32Rule,
  isBlockedNumberKey,
  isValidEmail,
  MfaCode,
  NUMBER_FIELD_BLOCKED_KEYS,
  NumericOnlyText,
  Percentage,
  ProductPrice,
  ProductQuantity,
  percentageRule,
  priceRule,
  quantityRule,
  RequiredText,
  SCRIPT_ARGUMENT_FORBIDDEN_CHARACTERS,
  ScriptArgument,
  StorageAmount,
  sanitizeScriptArgument,
  storageAmountRule,
  stripNonDigits,
  Tag,
  trimParameter,
} from './validators.ts';

const MANDATORY = 'Mandatory value is undefined. Please enter a value.';
const rules = [int32Rule, percentageRule, storageAmountRule, priceRule, costRule, quantityRule];
const anyInput = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.stringMatching(/^-?\d{0,20}(\.\d{0,6})?$/),
);

const messageOf = (result: { ok: boolean; message?: string }) => (result.ok ? undefined : result.message);

describe('numeric messages', () => {
  it('uses the spec texts for shape, decimals and range', () => {
    expect(messageOf(checkDecimalText('1e5', priceRule))).toBe('Must not be in scientific notation');
    expect(messageOf(checkDecimalText('1E5', priceRule))).toBe('Must not be in scientific notation');
    expect(messageOf(checkDecimalText('abc', priceRule))).toBe('Must contain one integer');
    expect(messageOf(checkDecimalText('1,5', priceRule))).toBe('Invalid');
    expect(messageOf(checkDecimalText('1.234', priceRule))).toBe('Can contain up to 2 decimal places');
    expect(messageOf(checkPercentage('0'))).toBe('Value must be greater than 0');
    expect(messageOf(checkQuantity('0'))).toBe('Value must be greater than or equal to 1');
    expect(messageOf(checkPercentage('100'))).toBe('Value must be less than 100');
    expect(messageOf(checkPrice('1000000000000000.01'))).toBe(
      'Value must be less than or equal to 1000000000000000',
    );
    expect(messageOf(checkDecimalText(' ', priceRule))).toBe(MANDATORY);
    expect(messageOf(checkDecimalText(Number.NaN, priceRule))).toBe('Invalid');
  });

  it('never throws and always answers ok or a message, for any input and rule', () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom(...rules), (input, rule) => {
        const result = checkDecimalText(input, rule);
        expect(result.ok || result.message.length > 0).toBe(true);
      }),
    );
  });

  it('compares decimals exactly', () => {
    expect(compareDecimal('999999999999999.99', '1000000000000000')).toBe(-1);
    expect(compareDecimal('1000000000000000.01', '1000000000000000')).toBe(1);
    expect(compareDecimal('-0.5', '0')).toBe(-1);
    expect(compareDecimal('2.50', '2.5')).toBe(0);
  });
});

describe('32-bit integers', () => {
  it('accepts exactly -2147483648 to 2147483647', () => {
    expect(checkInt32(-2147483648)).toEqual({ ok: true, value: -2147483648 });
    expect(checkInt32('2147483647')).toEqual({ ok: true, value: 2147483647 });
    expect(messageOf(checkInt32(-2147483649))).toBe('Value must be greater than or equal to -2147483648');
    expect(messageOf(checkInt32('2147483648'))).toBe('Value must be less than or equal to 2147483647');
    expect(messageOf(checkInt32('1.5'))).toBe('Input must be of integer value');
  });

  it('is ok exactly inside the range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }), (value) => {
        const isInside = value >= -2147483648n && value <= 2147483647n;
        expect(checkInt32(value.toString()).ok).toBe(isInside);
        expect(Int32Value.safeParse(value.toString()).success).toBe(isInside);
      }),
    );
  });
});

describe('percentage and storage', () => {
  it('takes a percentage above 0, below 100, with up to 4 decimals', () => {
    expect(checkPercentage('0.0001')).toEqual({ ok: true, value: 0.0001 });
    expect(checkPercentage('99.9999')).toEqual({ ok: true, value: 99.9999 });
    expect(messageOf(checkPercentage('99.99999'))).toBe('Can contain up to 4 decimal places');
    expect(Percentage.parse(50)).toBe(50);
  });

  it('refuses a negative storage amount', () => {
    expect(checkStorageAmount('0')).toEqual({ ok: true, value: 0 });
    expect(messageOf(checkStorageAmount('-0.1'))).toBe('Value must be greater than or equal to 0');
    expect(StorageAmount.parse('12.345678')).toBe(12.345678);
  });

  it('accepts every 4-decimal percentage strictly between 0 and 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 1_000_010 }), (tenThousandths) => {
        const text = (tenThousandths / 10_000).toFixed(4);
        expect(checkPercentage(text).ok).toBe(tenThousandths > 0 && tenThousandths < 1_000_000);
      }),
    );
  });
});

describe('price, cost and quantity', () => {
  it('checks decimals on the text: 999999999999999.99 is kept exactly, 1e15 + 0.01 is refused', () => {
    expect(Number('999999999999999.99')).toBe(1e15);
    expect(checkPrice('999999999999999.99')).toEqual({ ok: true, value: '999999999999999.99' });
    expect(checkPrice('1000000000000000')).toEqual({ ok: true, value: '1000000000000000' });
    expect(checkPrice(1e15)).toEqual({ ok: true, value: '1000000000000000' });
    expect(checkCost('0')).toEqual({ ok: true, value: '0' });
    expect(checkCost('007.50')).toEqual({ ok: true, value: '7.50' });
    expect(messageOf(checkCost('-0.01'))).toBe('Value must be greater than or equal to 0');
    expect(ProductPrice.parse('12.5')).toBe('12.5');
  });

  it('is ok exactly for 0 to 1e15 with at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -1000n, max: 10n ** 17n + 1000n }), fc.nat(3), (cents, extra) => {
        const whole = cents / 100n;
        const text = `${cents < 0n ? '-' : ''}${whole < 0n ? -whole : whole}.${String(cents < 0n ? -cents % 100n : cents % 100n).padStart(2, '0')}${'0'.repeat(extra)}`;
        const result = checkPrice(text);
        if (extra > 0) expect(messageOf(result)).toBe('Can contain up to 2 decimal places');
        else expect(result.ok).toBe(cents >= 0n && cents <= 10n ** 17n);
      }),
    );
  });

  it('takes an integer quantity from 1 to 1e15', () => {
    expect(checkQuantity('1')).toEqual({ ok: true, value: 1 });
    expect(checkQuantity(1e15)).toEqual({ ok: true, value: 1e15 });
    expect(messageOf(checkQuantity('1000000000000001'))).toBe(
      'Value must be less than or equal to 1000000000000000',
    );
    expect(messageOf(checkQuantity('2.5'))).toBe('Input must be of integer value');
    expect(ProductQuantity.parse('3')).toBe(3);
    fc.assert(
      fc.property(fc.bigInt({ min: -5n, max: 10n ** 15n + 5n }), (value) => {
        expect(checkQuantity(value.toString()).ok).toBe(value >= 1n && value <= 10n ** 15n);
      }),
    );
  });
});

describe('email', () => {
  const local64 = 'a'.repeat(64);
  const domain255 = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}`;

  it('allows a local part up to 64 characters and a domain up to 255', () => {
    expect(domain255).toHaveLength(255);
    expect(isValidEmail(`${local64}@example.com`)).toBe(true);
    expect(isValidEmail(`${local64}a@example.com`)).toBe(false);
    expect(isValidEmail(`me@${domain255}`)).toBe(true);
    expect(isValidEmail(`me@a${domain255}`)).toBe(false);
  });

  it('refuses malformed addresses', () => {
    for (const bad of [
      '',
      'me',
      '@example.com',
      'me@',
      'me@example',
      'a b@example.com',
      'me..x@example.com',
    ]) {
      expect(isValidEmail(bad)).toBe(false);
    }
    expect(messageOf(checkEmail('nope'))).toBe('Please enter a valid email address');
    expect(messageOf(checkEmail('  '))).toBe(MANDATORY);
    expect(EmailAddress.parse(' tech@example.com ')).toBe('tech@example.com');
  });

  it('agrees with generated addresses within the length limits and never throws', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const [local = '', domain = ''] = email.split('@');
        const fitsLimits = local.length <= 64 && domain.length <= 255 && /\.[a-z]{2,}$/i.test(domain);
        if (fitsLimits) expect(isValidEmail(email)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof isValidEmail(text)).toBe('boolean');
      }),
    );
  });
});

describe('tags', () => {
  it('gives the spec message per broken rule', () => {
    expect(messageOf(checkTag('a b'))).toBe('Tag cannot contain spaces');
    expect(messageOf(checkTag('a"b'))).toBe('Tag cannot contain quotes');
    expect(messageOf(checkTag("a'b"))).toBe('Tag cannot contain quotes');
    expect(messageOf(checkTag('a,b'))).toBe('Tag cannot contain commas');
    expect(messageOf(checkTag('x'.repeat(26)))).toBe('Exceeds max character limit of 25');
    expect(checkTag('x'.repeat(25))).toEqual({ ok: true, value: 'x'.repeat(25) });
    expect(Tag.safeParse('ok-tag').success).toBe(true);
  });

  it('accepts exactly the tags of 1 to 25 allowed characters', () => {
    const allowed = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !/[\s'"‘’“”,]/.test(text));
    fc.assert(
      fc.property(allowed, (tag) => {
        expect(checkTag(tag).ok).toBe([...tag].length <= 25);
      }),
    );
  });

  it('never accepts a tag with a space, quote or comma', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(' ', '"', "'", ','), fc.string(), (a, bad, b) => {
        expect(checkTag(`${a}${bad}${b}`).ok).toBe(false);
      }),
    );
  });
});

describe('input messages', () => {
  it('uses the integer, decimal and IP address texts', () => {
    expect(messageOf(checkIntegerInput('1.5'))).toBe('Input must be of integer value');
    expect(messageOf(checkDecimalInput('1.5.2'))).toBe('Input must be of decimal value');
    expect(messageOf(checkIpAddress('256.1.1.1'))).toBe('Value must be a valid IP Address');
    expect(checkIntegerInput(' -42 ')).toEqual({ ok: true, value: '-42' });
    expect(checkDecimalInput('3.14')).toEqual({ ok: true, value: '3.14' });
  });

  it('accepts IPv4 and IPv6 addresses as node does', () => {
    for (const good of [
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      '::ffff:192.168.0.1',
      '1:2:3:4:5:6:7:8',
    ]) {
      expect(IpAddress.safeParse(good).success).toBe(true);
    }
    for (const bad of ['01.1.1.1', '1.1.1', '1::2::3', '1:2:3:4:5:6:7:8:9', '1.2.3.4::', 'fe80::1%eth0']) {
      expect(IpAddress.safeParse(bad).success).toBe(false);
    }
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (ip) => {
        expect(checkIpAddress(ip).ok).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-f:.]{0,45}$/)), (text) => {
        expect(checkIpAddress(text).ok).toBe(isIP(text.trim()) !== 0);
      }),
    );
  });
});

describe('mandatory value, demo request and MFA code', () => {
  it('gives the mandatory-value message for blank values', () => {
    expect(messageOf(checkMandatory(undefined))).toBe(MANDATORY);
    expect(messageOf(checkMandatory('   '))).toBe(MANDATORY);
    expect(checkMandatory('x')).toEqual({ ok: true, value: 'x' });
    expect(RequiredText.safeParse(undefined).error?.issues[0]?.message).toBe(MANDATORY);
  });

  it('requires a name and a valid email for a demo request', () => {
    expect(demoRequestErrors({})).toEqual({ userName: MANDATORY, userEmail: MANDATORY });
    expect(demoRequestErrors({ userName: 'Ann', userEmail: 'ann@' })).toEqual({
      userEmail: 'Please enter a valid email address',
    });
    expect(demoRequestErrors({ userName: 'Ann', userEmail: 'ann@example.com' })).toEqual({});
    expect(DemoRequest.parse({ userName: ' Ann ', userEmail: 'ann@example.com' })).toEqual({
      userName: 'Ann',
      userEmail: 'ann@example.com',
    });
  });

  it('takes a 6-digit MFA code', () => {
    expect(checkMfaCode(' 123456 ')).toEqual({ ok: true, value: '123456' });
    expect(messageOf(checkMfaCode('12345'))).toBe('Enter the 6-digit code');
    expect(messageOf(checkMfaCode('1234567'))).toBe('Enter the 6-digit code');
    expect(messageOf(checkMfaCode(''))).toBe(MANDATORY);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (code) => {
        expect(MfaCode.parse(code)).toBe(code);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(checkMfaCode(text).ok).toBe(/^\d{6}$/.test(text.trim()));
      }),
    );
  });
});

describe('parameters and sanitising', () => {
  it('trims a custom run-as or script parameter', () => {
    expect(trimParameter('  admin  ')).toBe('admin');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(trimParameter(text)).toBe(text.trim());
      }),
    );
  });

  it('removes & | ; $ > < ` ! from script arguments and keeps everything else', () => {
    expect(SCRIPT_ARGUMENT_FORBIDDEN_CHARACTERS).toEqual(['&', '|', ';', '$', '>', '<', '`', '!']);
    expect(sanitizeScriptArgument('a&b|c;d$e>f<g`h!i')).toBe('abcdefghi');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '&', '|', ';', '$', '>', '<', '`', '!', '"') }),
        (text) => {
          const output = ScriptArgument.parse(text);
          expect(SCRIPT_ARGUMENT_FORBIDDEN_CHARACTERS.some((character) => output.includes(character))).toBe(
            false,
          );
          expect(output).toBe([...text].filter((c) => !'&|;$><`!'.includes(c)).join(''));
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(sanitizeScriptArgument(sanitizeScriptArgument(text))).toBe(sanitizeScriptArgument(text));
      }),
    );
  });

  it('keeps digits only in numeric-only fields', () => {
    expect(stripNonDigits('+1 (555) 010-99')).toBe('155501099');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const output = NumericOnlyText.parse(text);
        expect(output).toMatch(/^\d*$/);
        expect(output).toBe([...text].filter((c) => c >= '0' && c <= '9').join(''));
      }),
    );
  });

  it('blocks + - e E in number fields, and . , too in integer fields', () => {
    expect(NUMBER_FIELD_BLOCKED_KEYS).toEqual(['+', '-', 'e', 'E']);
    expect(INTEGER_FIELD_BLOCKED_KEYS).toEqual(['+', '-', 'e', 'E', '.', ',']);
    expect(isBlockedNumberKey('.')).toBe(false);
    expect(isBlockedNumberKey('.', { integer: true })).toBe(true);
    expect(isBlockedNumberKey('E')).toBe(true);
    expect(isBlockedNumberKey('5', { integer: true })).toBe(false);
  });
});
