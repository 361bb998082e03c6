import type { Script } from '@rmm/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCodeEditor, typeCode, withCodeMirror } from '../../../test/codemirror.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createScript, createScriptParameter, createScriptsMe } from '../../../test/script-factories.ts';
import { ScriptEditor } from './script-editor.tsx';

withCodeMirror();
afterEach(() => vi.unstubAllGlobals());

const MANDATORY = 'Mandatory value is undefined. Please enter a value.';

const open = (url: string) => renderRoute(<ScriptEditor />, { path: '/editor/script/:id', url });

type User = ReturnType<typeof open>['user'];

/** Puts `text` into a field at once (typing each key into this large form is slow in jsdom). */
const fill = async (user: User, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};

const parameterGroup = (position: number) => screen.getByRole('group', { name: `Parameter ${position}` });

describe('writing a new script', { timeout: 60_000 }, () => {
  it('says what is missing and sends nothing', async () => {
    const fetchMock = mockFetch({ 'GET /auth/me': createScriptsMe() });
    const { user } = open('/editor/script/new');
    expect(await screen.findByRole('heading', { name: 'New script' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(MANDATORY);
    expect(await findCodeEditor('Code')).toHaveAccessibleDescription(expect.stringContaining(MANDATORY));

    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const parameter = parameterGroup(1);
    await user.click(within(parameter).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Whole number' }));
    await fill(user, within(parameter).getByRole('textbox', { name: 'Default value' }), 'seven');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(parameter).getByRole('textbox', { name: /^Parameter name/ })).toHaveAccessibleDescription(
      MANDATORY,
    );
    expect(within(parameter).getByRole('textbox', { name: 'Default value' })).toHaveAccessibleDescription(
      'Must be a whole number.',
    );
    expect(requestBodies(fetchMock, 'POST /scripts')).toEqual([]);
  });

  it('sends the script with its parameter, run-as and version note, then opens it', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createScriptsMe(),
      'POST /scripts': ({ body }: { body: Partial<Script> }) => ({
        script: createScript({ ...body, id: 31 }),
      }),
    });
    const { user, router } = open('/editor/script/new');
    await screen.findByRole('button', { name: 'Save' });
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), '  Clean temp  ');
    await typeCode('rm -rf "/tmp/$1"');
    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const parameter = parameterGroup(1);
    await fill(user, within(parameter).getByRole('textbox', { name: /^Parameter name/ }), 'days');
    await user.click(within(parameter).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Whole number' }));
    await fill(user, within(parameter).getByRole('textbox', { name: 'Default value' }), '7');
    await user.click(within(parameter).getByRole('checkbox', { name: 'Required' }));
    await user.click(screen.getByRole('combobox', { name: 'Run as' }));
    await user.click(await screen.findByRole('option', { name: 'Custom user…' }));
    await fill(user, screen.getByRole('textbox', { name: /^User name/ }), 'backup');
    await fill(user, screen.getByRole('textbox', { name: 'Timeout (seconds)' }), '120');
    await fill(user, screen.getByRole('textbox', { name: /^Version note/ }), 'First cut');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(requestBodies(fetchMock, 'POST /scripts')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'POST /scripts')[0]).toEqual({
      name: '  Clean temp  ',
      description: '',
      category: 'CUSTOM',
      language: 'bash',
      operatingSystems: ['LINUX', 'MAC'],
      code: 'rm -rf "/tmp/$1"',
      parameters: [
        {
          name: 'days',
          label: '',
          description: '',
          type: 'INTEGER',
          required: true,
          defaultValue: '7',
          options: [],
        },
      ],
      defaultRunAs: { user: 'backup' },
      timeoutSeconds: 120,
      versionNote: 'First cut',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/editor/script/31'));
  });

  it('needs an operating system, and a custom run-as user without spaces', async () => {
    const fetchMock = mockFetch({ 'GET /auth/me': createScriptsMe() });
    const { user } = open('/editor/script/new');
    await screen.findByRole('button', { name: 'Save' });
    const systems = screen.getByRole('combobox', { name: /^Operating systems/ });
    await user.click(systems);
    await user.keyboard('{Backspace}{Backspace}');
    await user.click(screen.getByRole('combobox', { name: 'Run as' }));
    await user.click(await screen.findByRole('option', { name: 'Custom user…' }));
    await fill(user, screen.getByRole('textbox', { name: /^User name/ }), 'bob smith');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one operating system.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^User name/ })).toHaveAccessibleDescription(
      expect.stringContaining('A user name has no spaces, colons or slashes.'),
    );
    expect(requestBodies(fetchMock, 'POST /scripts')).toEqual([]);
  });

  it('shows the server’s answer when the name is taken', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'POST /scripts': () => errorAnswer(409, 'SCRIPT_NAME_TAKEN', 'A script with this name already exists.'),
    });
    const { user } = open('/editor/script/new');
    await screen.findByRole('button', { name: 'Save' }); // editable once the user's permissions are in
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Disk usage');
    await typeCode('df -h');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        'A script with this name already exists.',
      ),
    );
  });
});

describe('the parameters editor', { timeout: 60_000 }, () => {
  it('adds, moves and removes parameters; the order saved is the order shown', async () => {
    const script = createScript({
      id: 12,
      name: 'Archive',
      version: 2,
      parameters: [createScriptParameter({ name: 'source' }), createScriptParameter({ name: 'target' })],
    });
    const fetchMock = mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/12': { script },
      'PUT /scripts/12': ({ body }: { body: Partial<Script> }) => ({
        script: { ...script, ...body, version: 3 },
      }),
      'GET /scripts/12/versions': { versions: [] },
    });
    const { user } = open('/editor/script/12');
    expect(await screen.findByRole('button', { name: 'Move parameter 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move parameter 2 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add parameter' }));
    const added = parameterGroup(3);
    await fill(user, within(added).getByRole('textbox', { name: /^Parameter name/ }), 'mode');
    await user.click(within(added).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Option' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(added).getByRole('combobox', { name: /^Options/ })).toHaveAccessibleDescription(
      expect.stringContaining('An option parameter needs at least one option.'),
    );
    await user.type(within(added).getByRole('combobox', { name: /^Options/ }), 'fast{Enter}safe{Enter}');
    await user.click(within(added).getByRole('combobox', { name: 'Default value' }));
    await user.click(await screen.findByRole('option', { name: 'safe' }));

    await user.click(screen.getByRole('button', { name: 'Move parameter 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move parameter 1 down' }));
    await user.click(screen.getByRole('button', { name: 'Remove parameter 3' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(requestBodies(fetchMock, 'PUT /scripts/12')).toHaveLength(1));
    const [body] = requestBodies(fetchMock, 'PUT /scripts/12');
    expect(body.parameters).toEqual([
      expect.objectContaining({
        name: 'mode',
        type: 'OPTION',
        options: ['fast', 'safe'],
        defaultValue: 'safe',
      }),
      expect.objectContaining({ name: 'source', type: 'TEXT', options: [] }),
    ]);
    expect(await screen.findByText('Version 3')).toBeInTheDocument();
  });
});

describe('an existing script', () => {
  it('asks before deleting, and shows why the server refused', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/5': { script: createScript({ id: 5, name: 'Reboot nightly' }) },
      'DELETE /scripts/5': () =>
        errorAnswer(
          409,
          'SCRIPT_IN_USE',
          'The script is used by scheduled tasks; remove it from them first.',
        ),
    });
    const { user, router } = open('/editor/script/5');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the script “Reboot nightly”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestBodies(fetchMock, 'DELETE /scripts/5')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete the script “Reboot nightly”?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The script is used by scheduled tasks; remove it from them first.',
    );
    expect(requestBodies(fetchMock, 'DELETE /scripts/5')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/editor/script/5');
  });

  it('goes back to the library once deleted', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/6': { script: createScript({ id: 6, name: 'Old script' }) },
      'DELETE /scripts/6': { ok: true },
    });
    const { user, router } = open('/editor/script/6');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the script “Old script”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/administration/library/scripting/scripts'),
    );
  });

  it('says "not found" for a script that does not exist or an address that names none', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/404': () => errorAnswer(404, 'NOT_FOUND', 'There is no script 404.'),
    });
    const first = open('/editor/script/404');
    expect(await screen.findByRole('heading', { name: 'Script not found' })).toBeInTheDocument();
    first.unmount();
    open('/editor/script/latest');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('is read-only without scripts.manage', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(['scripts.view']),
      'GET /scripts/8': {
        script: createScript({ id: 8, name: 'Audit', parameters: [createScriptParameter({ name: 'days' })] }),
      },
    });
    open('/editor/script/8');
    expect(
      await screen.findByText(/changing the library needs the Scripts: Manage permission/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(within(parameterGroup(1)).getByRole('textbox', { name: /^Parameter name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add parameter' })).not.toBeInTheDocument();
    const code = await findCodeEditor('Code');
    expect(code).toHaveAttribute('contenteditable', 'false');
  });

  it('lists its versions and shows an older one’s code', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/9': { script: createScript({ id: 9, name: 'Backup', version: 2, code: 'echo two' }) },
      'GET /scripts/9/versions': {
        versions: [
          { version: 1, createdAt: '2026-01-01T08:00:00.000Z', createdBy: 'Ann', note: 'First' },
          { version: 2, createdAt: '2026-01-02T08:00:00.000Z', createdBy: 'Bob', note: 'Quieter' },
        ],
      },
      'GET /scripts/9/versions/1': {
        version: {
          version: 1,
          createdAt: '2026-01-01T08:00:00.000Z',
          createdBy: 'Ann',
          note: 'First',
          scriptId: 9,
          language: 'bash',
          code: 'echo one',
          parameters: [],
          defaultRunAs: 'SYSTEM',
          timeoutSeconds: 3600,
        },
      },
    });
    const { user } = open('/editor/script/9');
    await user.click(await screen.findByRole('tab', { name: 'Versions' }));
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent(/2.*current.*Bob.*Quieter/);
    expect(rows[2]).toHaveTextContent(/1.*Ann.*First/);
    await user.click(screen.getByRole('button', { name: 'View version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backup, version 1' });
    const code = await findCodeEditor('Code', dialog);
    expect(code).toHaveTextContent('echo one');
    expect(code).toHaveAttribute('contenteditable', 'false');
  });

  it('asks before leaving with unsaved changes', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/10': { script: createScript({ id: 10, name: 'Tidy' }) },
    });
    const { user, router } = open('/editor/script/10');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, ' up');
    act(() => void router.navigate('/administration/library/scripting/scripts'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/editor/script/10');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Tidy up');
  });
});
