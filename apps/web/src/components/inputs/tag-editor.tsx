import { TagsInput, type TagsInputProps } from '@mantine/core';
import { checkTag } from '@rmm/domain';
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { replaceSelection } from './replace-selection.ts';
import { useDomainMessage } from './use-domain-message.ts';

export type TagEditorProps = Omit<
  TagsInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'label'
  | 'data'
  | 'searchValue'
  | 'onSearchChange'
  | 'splitChars'
  | 'acceptValueOnBlur'
> & {
  label: ReactNode;
  /** Suggested tags; any that break the rules are left out. */
  data?: string[];
  value: string[];
  onChange: (tags: string[]) => void;
};

const tagMessage = (text: string): string | undefined => {
  if (text === '') return undefined;
  const result = checkTag(text);
  return result.ok ? undefined : result.message;
};

/**
 * Tags under the spec's rules: no spaces, quotes or commas, at most 25 characters. The rule is shown
 * as the user types and a tag that breaks it stays in the field instead of being added.
 */
export const TagEditor = ({
  value,
  onChange,
  error,
  data,
  onKeyDown,
  onPasteCapture,
  ...rest
}: TagEditorProps) => {
  const [text, setText] = useState('');
  const translate = useDomainMessage();
  const message = tagMessage(text);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    // TagsInput adds nothing on Enter once the event is default-prevented.
    if (event.key === 'Enter' && message) event.preventDefault();
  };

  // TagsInput adds whatever is pasted at once; keep pasted text in the field so that it is checked first.
  const handlePasteCapture = (event: ClipboardEvent<HTMLInputElement>) => {
    onPasteCapture?.(event);
    event.preventDefault();
    event.stopPropagation();
    setText(replaceSelection(event.currentTarget, text, event.clipboardData.getData('text/plain').trim()));
  };

  return (
    <TagsInput
      {...rest}
      data={data?.filter((tag) => checkTag(tag).ok)}
      value={value}
      // Only new tags are held to the rules; older ones stay until the user removes them.
      onChange={(tags) => onChange(tags.filter((tag) => value.includes(tag) || checkTag(tag).ok))}
      searchValue={text}
      onSearchChange={setText}
      // Commas are refused with a message, not used to split tags.
      splitChars={[]}
      acceptValueOnBlur={message === undefined}
      onKeyDown={handleKeyDown}
      onPasteCapture={handlePasteCapture}
      // The rule the typed text breaks comes first: it is what the user can fix now.
      error={translate(message) ?? error}
    />
  );
};
