import { Center, Loader } from '@mantine/core';

/** Shown in the content area while a screen's code loads: the header and navigation stay in place. */
export const PageLoader = () => (
  <Center mih={240}>
    <Loader aria-label="Loading page" />
  </Center>
);
