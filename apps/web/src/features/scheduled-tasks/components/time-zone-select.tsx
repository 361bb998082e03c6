import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { timeZoneNames } from '../time-zones.ts';

/** A searchable list of the IANA zones; a zone the browser does not list (an older task's) stays choosable. */
export const TimeZoneSelect = ({
  value,
  ...props
}: Omit<SelectProps, 'data' | 'value'> & { value: string }) => {
  const data = useMemo(() => {
    const zones = timeZoneNames();
    return zones.includes(value) ? zones : [value, ...zones];
  }, [value]);
  return <Select searchable limit={100} allowDeselect={false} data={data} value={value} {...props} />;
};
