import { isBlank } from '@rmm/domain';
import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

/** The props a Mantine input (or one of ours) takes that the wrapper sets. */
export type MandatoryChildProps = {
  error?: ReactNode;
  required?: boolean;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onInvalid?: (event: SyntheticEvent<HTMLInputElement>) => void;
};

export type MandatoryFieldProps = {
  /** The child's value: empty text, whitespace, null, undefined or an empty list count as missing. */
  value: unknown;
  /** Show the message now, for forms that submit without a form element. */
  isSubmitted?: boolean;
  children: ReactElement<MandatoryChildProps>;
};

const isMissing = (value: unknown): boolean => (Array.isArray(value) ? value.length === 0 : isBlank(value));

/**
 * Marks its input required and, once the user has left it or tried to submit the form, shows the
 * mandatory-value message under it while it is empty. A message of the input's own comes first.
 */
export const MandatoryField = ({ value, isSubmitted = false, children }: MandatoryFieldProps) => {
  const { t } = useTranslation();
  const [isTouched, setTouched] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const form = wrapper.current?.closest('form');
    if (!form) return;
    const touch = () => setTouched(true);
    form.addEventListener('submit', touch, true);
    return () => form.removeEventListener('submit', touch, true);
  }, []);

  const { error, onBlur, onInvalid } = children.props;
  const isShown = (isTouched || isSubmitted) && isMissing(value);
  return (
    <div ref={wrapper}>
      {cloneElement(children, {
        required: true,
        error: error ?? (isShown ? t('spec.validation.mandatory') : undefined),
        onBlur: (event: FocusEvent<HTMLInputElement>) => {
          onBlur?.(event);
          setTouched(true);
        },
        // The browser refuses to submit an empty required input: show our message, not its bubble.
        onInvalid: (event: SyntheticEvent<HTMLInputElement>) => {
          onInvalid?.(event);
          event.preventDefault();
          setTouched(true);
        },
      })}
    </div>
  );
};
