import { JobDetailsDrawer } from '../../features/jobs/components/job-details-drawer.tsx';
import { ScheduledTaskEditor } from '../../features/scheduled-tasks/components/scheduled-task-editor.tsx';
import { JobDrawerProvider } from '../../features/scheduled-tasks/job-drawer-slot.tsx';

/** The scheduled task editor, whose history opens each device's job in the jobs feature's drawer. */
export const ScheduledTaskEditorPage = () => (
  <JobDrawerProvider value={JobDetailsDrawer}>
    <ScheduledTaskEditor />
  </JobDrawerProvider>
);
