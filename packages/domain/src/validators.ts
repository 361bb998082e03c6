import * as z from 'zod';
import {
  COST_DECIMALS,
  INT32_MAX,
  INT32_MIN,
  MAX_EMAIL_DOMAIN_LENGTH,
  MAX_EMAIL_LOCAL_PART_LENGTH,
  MAX_PRODUCT_COST,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_QUANTITY,
  MAX_TAG_LENGTH,
  MFA_CODE_LENGTH,
  PERCENTAGE_DECIMALS,
  PRICE_DECIMALS,
} from './constants.ts';
import { formatMessage, messages } from './messages.ts';

/** Spec §5 validators: each a pure check and a zod schema built on it, so both give the same message. */

export type CheckResult<T> = { ok: true; value: T } | { ok: false; message: string };
const pass = <T>(value: T): CheckResult<T> => ({ ok: true, value });
const fail = <T>(message: string): CheckResult<T> => ({ ok: false, message });

/** A zod transform that reports a failed check as an issue with the check's message. */
export const fromCheck =
  <I, O>(check: (input: I) => CheckResult<O>) =>
  (input: I, ctx: z.core.$RefinementCtx<I>): O => {
    const result = check(input);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, input });
    return z.NEVER;
  };

// ---------------------------------------------------------------- mandatory value

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const checkMandatory = <T>(value: T | null | undefined): CheckResult<T> =>
  isBlank(value) ? fail(messages.validation.mandatory) : pass(value as T);

/** A required text field: trimmed, blank gives the mandatory-value message. */
export const RequiredText = z
  .string({ error: messages.validation.mandatory })
  .trim()
  .min(1, messages.validation.mandatory);

// ---------------------------------------------------------------- exact decimals

export type DecimalRule = {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  /** Most decimal places allowed; no limit when left out. */
  decimals?: number;
  integer?: boolean;
};

const DECIMAL_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;

const fractionLength = (decimal: string): number => decimal.split('.')[1]?.length ?? 0;

/** "007.50" is "7.50", ".5" is "0.5", "5." is "5", "-0" is "0": digits typed after the point are kept. */
export const canonicalDecimal = (text: string): string => {
  const isNegative = text.startsWith('-');
  const [whole = '', fraction = ''] = text.replace('-', '').split('.');
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  const body = fraction ? `${integer}.${fraction}` : integer;
  return isNegative && /[1-9]/.test(body) ? `-${body}` : body;
};

const toScaledBigInt = (decimal: string, scale: number): bigint => {
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const digits = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return decimal.startsWith('-') ? -digits : digits;
};

/** Exact comparison of two canonical decimal strings: -1, 0 or 1. */
export const compareDecimal = (a: string, b: string): number => {
  const scale = Math.max(fractionLength(a), fractionLength(b));
  const x = toScaledBigInt(a, scale);
  const y = toScaledBigInt(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** 1e15 is written "1000000000000000", never in exponent form. */
export const boundText = (bound: number): string =>
  Number.isInteger(bound) ? BigInt(bound).toString() : String(bound);

const rangeMessage = (value: string, rule: DecimalRule): string | undefined => {
  if (rule.min !== undefined) {
    const order = compareDecimal(value, boundText(rule.min));
    if (rule.minExclusive ? order <= 0 : order < 0) {
      const template = rule.minExclusive ? messages.numeric.greaterThan : messages.numeric.greaterThanOrEqual;
      return formatMessage(template, { min: boundText(rule.min) });
    }
  }
  if (rule.max !== undefined) {
    const order = compareDecimal(value, boundText(rule.max));
    if (rule.maxExclusive ? order >= 0 : order > 0) {
      const template = rule.maxExclusive ? messages.numeric.lessThan : messages.numeric.lessThanOrEqual;
      return formatMessage(template, { max: boundText(rule.max) });
    }
  }
  return undefined;
};

const shapeMessage = (text: string): string | undefined => {
  if (text === '') return messages.validation.mandatory;
  if (/e/i.test(text)) return messages.numeric.scientificNotation;
  if (!/\d/.test(text)) return messages.numeric.oneInteger;
  return DECIMAL_PATTERN.test(text) ? undefined : messages.numeric.invalid;
};

const decimalsMessage = (value: string, rule: DecimalRule): string | undefined => {
  const places = fractionLength(value);
  if (rule.integer && places > 0) return messages.input.integer;
  if (rule.decimals !== undefined && places > rule.decimals) {
    return formatMessage(messages.numeric.maxDecimals, { n: rule.decimals });
  }
  return undefined;
};

/**
 * Checks a number as typed and keeps it as an exact decimal string. Decimal places are counted on the
 * text, because 999999999999999.99 and 1e15 are the same JS number.
 */
export const checkDecimalText = (input: string | number, rule: DecimalRule): CheckResult<string> => {
  if (typeof input === 'number' && !Number.isFinite(input)) return fail(messages.numeric.invalid);
  const text = String(input).trim();
  const shape = shapeMessage(text);
  if (shape) return fail(shape);
  const value = canonicalDecimal(text);
  const message = decimalsMessage(value, rule) ?? rangeMessage(value, rule);
  return message ? fail(message) : pass(value);
};

const checkDecimalNumber = (input: string | number, rule: DecimalRule): CheckResult<number> => {
  const result = checkDecimalText(input, rule);
  return result.ok ? pass(Number(result.value)) : result;
};

export const int32Rule: DecimalRule = { integer: true, min: INT32_MIN, max: INT32_MAX };
export const percentageRule: DecimalRule = {
  min: 0,
  minExclusive: true,
  max: 100,
  maxExclusive: true,
  decimals: PERCENTAGE_DECIMALS,
};
export const storageAmountRule: DecimalRule = { min: 0 };
export const priceRule: DecimalRule = { min: 0, max: MAX_PRODUCT_PRICE, decimals: PRICE_DECIMALS };
export const costRule: DecimalRule = { min: 0, max: MAX_PRODUCT_COST, decimals: COST_DECIMALS };
export const quantityRule: DecimalRule = { integer: true, min: 1, max: MAX_PRODUCT_QUANTITY };

export const checkInt32 = (input: string | number) => checkDecimalNumber(input, int32Rule);
export const checkPercentage = (input: string | number) => checkDecimalNumber(input, percentageRule);
export const checkStorageAmount = (input: string | number) => checkDecimalNumber(input, storageAmountRule);
/** Price and cost stay exact decimal strings ("999999999999999.99"). */
export const checkPrice = (input: string | number) => checkDecimalText(input, priceRule);
export const checkCost = (input: string | number) => checkDecimalText(input, costRule);
export const checkQuantity = (input: string | number) => checkDecimalNumber(input, quantityRule);

const NumberOrText = /* @__PURE__ */ z.union([z.string(), z.number()]);
/** A zod schema for any decimal rule; its output is the exact decimal string. */
export const decimalTextSchema = (rule: DecimalRule) =>
  NumberOrText.transform(fromCheck((input: string | number) => checkDecimalText(input, rule)));

export const Int32Value = /* @__PURE__ */ NumberOrText.transform(fromCheck(checkInt32));
export const Percentage = /* @__PURE__ */ NumberOrText.transform(fromCheck(checkPercentage));
export const StorageAmount = /* @__PURE__ */ NumberOrText.transform(fromCheck(checkStorageAmount));
export const ProductPrice = /* @__PURE__ */ NumberOrText.transform(fromCheck(checkPrice));
export type ProductPrice = z.infer<typeof ProductPrice>;
export const ProductCost = /* @__PURE__ */ NumberOrText.transform(fromCheck(checkCost));
export type ProductCost = z.infer<typeof ProductCost>;
export const ProductQuantity = /* @__PURE__ */ NumberOrText.transform(fromCheck(checkQuantity));
export type ProductQuantity = z.infer<typeof ProductQuantity>;

// ---------------------------------------------------------------- input messages

export const checkIntegerInput = (text: string): CheckResult<string> =>
  /^-?\d+$/.test(text.trim()) ? pass(text.trim()) : fail(messages.input.integer);

export const checkDecimalInput = (text: string): CheckResult<string> =>
  DECIMAL_PATTERN.test(text.trim()) ? pass(text.trim()) : fail(messages.input.decimal);

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_PATTERN = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);
const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;

export const isIPv4 = (text: string): boolean => IPV4_PATTERN.test(text);

const ipv6GroupCount = (groups: readonly string[], canEndInIPv4: boolean): number | undefined => {
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (canEndInIPv4 && index === groups.length - 1 && isIPv4(group)) count += 2;
    else if (IPV6_GROUP.test(group)) count += 1;
    else return undefined;
  }
  return count;
};

/** IPv6 in full or `::` form, with an optional IPv4 tail; zone ids are not accepted. */
export const isIPv6 = (text: string): boolean => {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const split = (half: string) => (half === '' ? [] : half.split(':'));
  const head = split(halves[0] ?? '');
  const tail = halves.length === 2 ? split(halves[1] ?? '') : [];
  const isCompressed = halves.length === 2;
  const headCount = ipv6GroupCount(head, !isCompressed);
  const tailCount = ipv6GroupCount(tail, true);
  if (headCount === undefined || tailCount === undefined) return false;
  return isCompressed ? headCount + tailCount <= 7 : headCount === 8;
};

export const isIpAddress = (text: string): boolean => isIPv4(text) || isIPv6(text);

export const checkIpAddress = (text: string): CheckResult<string> =>
  isIpAddress(text.trim()) ? pass(text.trim()) : fail(messages.input.ipAddress);

export const IntegerInput = /* @__PURE__ */ z.string().transform(fromCheck(checkIntegerInput));
export const DecimalInput = /* @__PURE__ */ z.string().transform(fromCheck(checkDecimalInput));
export const IpAddress = /* @__PURE__ */ z.string().transform(fromCheck(checkIpAddress));

// ---------------------------------------------------------------- email

const EMAIL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const EMAIL_LOCAL_PART = new RegExp(`^${EMAIL_ATOM}(\\.${EMAIL_ATOM})*$`);
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,63}$/;

const isValidEmailDomain = (domain: string): boolean => {
  const labels = domain.split('.');
  const topLevel = labels.at(-1) ?? '';
  return (
    labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_DOMAIN.test(topLevel)
  );
};

/** Local part up to 64 characters, domain up to 255. */
export const isValidEmail = (value: string): boolean => {
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (at <= 0 || local.length > MAX_EMAIL_LOCAL_PART_LENGTH || domain.length > MAX_EMAIL_DOMAIN_LENGTH) {
    return false;
  }
  return EMAIL_LOCAL_PART.test(local) && isValidEmailDomain(domain);
};

export const checkEmail = (value: string): CheckResult<string> => {
  const email = value.trim();
  if (email === '') return fail(messages.validation.mandatory);
  return isValidEmail(email) ? pass(email) : fail(messages.validation.invalidEmail);
};

export const EmailAddress = z
  .string({ error: messages.validation.mandatory })
  .transform(fromCheck(checkEmail));
export type EmailAddress = z.infer<typeof EmailAddress>;

// ---------------------------------------------------------------- tags

export const TAG_QUOTE_CHARACTERS = ["'", '"', '‘', '’', '“', '”'] as const;

export const checkTag = (tag: string): CheckResult<string> => {
  if (tag === '') return fail(messages.validation.mandatory);
  if (/\s/.test(tag)) return fail(messages.tags.noSpaces);
  if (TAG_QUOTE_CHARACTERS.some((quote) => tag.includes(quote))) return fail(messages.tags.noQuotes);
  if (tag.includes(',')) return fail(messages.tags.noCommas);
  if ([...tag].length > MAX_TAG_LENGTH) {
    return fail(formatMessage(messages.tags.maxLength, { limit: MAX_TAG_LENGTH }));
  }
  return pass(tag);
};

export const Tag = /* @__PURE__ */ z.string().transform(fromCheck(checkTag));
export type Tag = z.infer<typeof Tag>;

// ---------------------------------------------------------------- demo request

export const DemoRequest = /* @__PURE__ */ z.object({ userName: RequiredText, userEmail: EmailAddress });
export type DemoRequest = z.infer<typeof DemoRequest>;

export type DemoRequestErrors = Partial<Record<keyof DemoRequest, string>>;

/** The first message per field; an empty object means the dialog may submit. */
export const demoRequestErrors = (input: { userName?: string; userEmail?: string }): DemoRequestErrors => {
  const errors: DemoRequestErrors = {};
  const name = checkMandatory(input.userName);
  const email = checkEmail(input.userEmail ?? '');
  if (!name.ok) errors.userName = name.message;
  if (!email.ok) errors.userEmail = email.message;
  return errors;
};

// ---------------------------------------------------------------- MFA code

const MFA_CODE_PATTERN = new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`);

export const isMfaCode = (text: string): boolean => MFA_CODE_PATTERN.test(text.trim());

export const checkMfaCode = (text: string): CheckResult<string> => {
  if (text.trim() === '') return fail(messages.validation.mandatory);
  return isMfaCode(text) ? pass(text.trim()) : fail(messages.mfa.invalidCode);
};

export const MfaCode = /* @__PURE__ */ z
  .string({ error: messages.validation.mandatory })
  .transform(fromCheck(checkMfaCode));

// ---------------------------------------------------------------- parameters and sanitising

/** A custom run-as or script parameter is trimmed when created. */
export const trimParameter = (value: string): string => value.trim();
export const CustomParameter = RequiredText;

export const SCRIPT_ARGUMENT_FORBIDDEN_CHARACTERS = ['&', '|', ';', '$', '>', '<', '`', '!'] as const;
const SCRIPT_ARGUMENT_FORBIDDEN = /[&|;$><`!]/g;

export const sanitizeScriptArgument = (value: string): string => value.replace(SCRIPT_ARGUMENT_FORBIDDEN, '');
export const ScriptArgument = /* @__PURE__ */ z.string().transform(sanitizeScriptArgument);

/**
 * A script parameter as stored and sent (spec §5): sanitised, then trimmed (so `; rm` leaves no blank). The console applies it as
 * the technician types the parameters; the job schema applies it again, so an API client gets the same.
 */
export const scriptParameterOf = (value: string): string => trimParameter(sanitizeScriptArgument(value));

/** Numeric-only fields keep digits only. */
export const stripNonDigits = (value: string): string => value.replace(/\D/g, '');
export const NumericOnlyText = /* @__PURE__ */ z.string().transform(stripNonDigits);

export const NUMBER_FIELD_BLOCKED_KEYS = ['+', '-', 'e', 'E'] as const;
export const INTEGER_FIELD_BLOCKED_KEYS = [...NUMBER_FIELD_BLOCKED_KEYS, '.', ','] as const;

export const isBlockedNumberKey = (key: string, { integer = false }: { integer?: boolean } = {}): boolean =>
  (integer ? INTEGER_FIELD_BLOCKED_KEYS : NUMBER_FIELD_BLOCKED_KEYS).some((blocked) => blocked === key);
