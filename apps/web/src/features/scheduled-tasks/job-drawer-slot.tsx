import { type ComponentType, createContext, useContext } from 'react';

/** What the run drawer opens a job in: the jobs feature's drawer, given by the page (features never import each other). */
export type JobDrawerComponent = ComponentType<{ jobUid: string | null; onClose: () => void }>;

const JobDrawerSlot = createContext<JobDrawerComponent | null>(null);

export const JobDrawerProvider = JobDrawerSlot.Provider;

/** The job drawer the page provides, or null (then a run's jobs are listed without opening). */
export const useJobDrawer = () => useContext(JobDrawerSlot);
