import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Text filter (debounced); follows the URL when it changes elsewhere (the header's device search). */
export const ResultsFilterInput = ({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next;
    onChange(next);
  }, 300);
  return (
    <TextInput
      aria-label={t('deviceSearch.textFilter')}
      placeholder={t('devices.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value.trim());
      }}
      w={280}
      size="sm"
    />
  );
};
