import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findCodeEditor, withCodeMirror } from '../../../test/codemirror.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createScript,
  createScriptParameter,
  createScriptsMe,
  createScriptTemplate,
} from '../../../test/script-factories.ts';
import { TemplateScriptEditor } from './template-script-editor.tsx';

withCodeMirror();
afterEach(() => vi.unstubAllGlobals());

const open = (url: string) =>
  renderRoute(<TemplateScriptEditor />, { path: '/editor/templateScript/:id', url });

describe('a template script', () => {
  it('shows its code and parameters read-only, and "Use template" opens the new copy', async () => {
    const template = createScriptTemplate({
      id: 3,
      name: 'Restart a service',
      language: 'powershell',
      operatingSystems: ['WINDOWS'],
      code: 'Restart-Service -Name $args[0]',
      parameters: [createScriptParameter({ name: 'service', label: 'Service name', required: true })],
    });
    const fetchMock = mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/templates/3': { template },
      'POST /scripts/templates/3/copy': { script: createScript({ id: 77, name: 'Restart a service' }) },
    });
    const { user, router } = open('/editor/templateScript/3');
    expect(await screen.findByRole('heading', { name: 'Template: Restart a service' })).toBeInTheDocument();
    const code = await findCodeEditor('Code');
    expect(code).toHaveTextContent('Restart-Service -Name $args[0]');
    expect(code).toHaveAttribute('contenteditable', 'false');
    const parameters = screen.getByRole('table', { name: 'Parameters' });
    expect(parameters).toHaveTextContent(/service.*Service name.*required.*Text/);
    expect(screen.getByText('PowerShell')).toBeInTheDocument();
    expect(screen.getByText('Windows')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use template' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/editor/script/77'));
    expect(requestBodies(fetchMock, 'POST /scripts/templates/3/copy')).toHaveLength(1);
  });

  it('says when there is no such template', async () => {
    mockFetch({
      'GET /auth/me': createScriptsMe(),
      'GET /scripts/templates/99': () =>
        errorAnswer(404, 'TEMPLATE_NOT_FOUND', 'There is no such template script.'),
    });
    open('/editor/templateScript/99');
    expect(await screen.findByRole('heading', { name: 'Template not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no such template script.')).toBeInTheDocument();
  });
});
