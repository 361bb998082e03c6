import { consoleRoutes, routeExample } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { isEditorPath } from './use-help-panel-state.ts';

describe('isEditorPath', () => {
  it('holds for the example path of every editor route of the table and for no other route', () => {
    for (const route of consoleRoutes)
      expect(isEditorPath(routeExample(route)), route.path).toBe(route.isEditor === true);
  });

  it('matches as the router does: case-insensitive, whole segment', () => {
    expect(isEditorPath('/Editor/script/3')).toBe(true);
    expect(isEditorPath('/editorial/page')).toBe(false);
    expect(isEditorPath('/deviceDashboard/1/overview')).toBe(false);
  });
});
