import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaveScriptRequest, type ScriptTemplate, scriptOperatingSystems } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptTemplates, templateFiles } from './catalogue.ts';

/** The shipped templates: each one valid as a library script, each file well-formed, the Linux ones run here. */

const dir = path.dirname(fileURLToPath(import.meta.url));
const fileOf = (template: ScriptTemplate) => path.join(dir, templateFiles.get(template.id)!);
const ofLanguage = (...languages: string[]) => scriptTemplates.filter((t) => languages.includes(t.language));

describe('the template catalogue', () => {
  it('has at least 18 templates with unique ids and names, for every operating system, each file used once', () => {
    expect(scriptTemplates.length).toBeGreaterThanOrEqual(18);
    expect(new Set(scriptTemplates.map((t) => t.id)).size).toBe(scriptTemplates.length);
    expect(new Set(scriptTemplates.map((t) => t.name.toLowerCase())).size).toBe(scriptTemplates.length);
    for (const os of scriptOperatingSystems)
      expect(
        scriptTemplates.filter((t) => t.operatingSystems.includes(os)).length,
        os,
      ).toBeGreaterThanOrEqual(8);
    const files = fs.readdirSync(dir).filter((name) => !name.endsWith('.ts'));
    expect([...templateFiles.values()].sort()).toEqual(files.sort());
  });

  it('each one saves as a library script as it is (what "Use template" copies)', () => {
    for (const { id: _id, ...template } of scriptTemplates) {
      const parsed = SaveScriptRequest.safeParse(template);
      expect(parsed.error?.issues, template.name).toBeUndefined();
    }
  });
});

describe('template files', () => {
  it('sh and bash templates pass sh -n and bash -n', () => {
    const shells = ofLanguage('sh', 'bash');
    expect(shells.length).toBeGreaterThan(10);
    for (const template of shells)
      for (const shell of template.language === 'sh' ? ['sh', 'bash'] : ['bash']) {
        const check = spawnSync(shell, ['-n', fileOf(template)], { encoding: 'utf8' });
        expect(check.status, `${shell} -n ${template.name}: ${check.stderr}`).toBe(0);
      }
  });

  it('Python templates compile', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'template-pyc-'));
    try {
      for (const template of ofLanguage('python')) {
        const check = spawnSync(
          'python3',
          [
            '-c',
            'import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)',
            fileOf(template),
            path.join(out, 'x.pyc'),
          ],
          { encoding: 'utf8' },
        );
        expect(check.status, `${template.name}: ${check.stderr}`).toBe(0);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  /** Unbalanced quotes or brackets of a PowerShell script (comments and string contents skipped). */
  const powershellProblems = (code: string) => {
    const stack: string[] = [];
    const pairs: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
    let quote: string | undefined;
    for (let i = 0; i < code.length; i++) {
      const c = code[i]!;
      if (quote) {
        if (c === '`' && quote === '"') i++;
        else if (c === quote && code[i + 1] === quote) i++;
        else if (c === quote) quote = undefined;
        continue;
      }
      if (c === '#') {
        while (i < code.length && code[i] !== '\n') i++;
      } else if (c === '`') i++;
      else if (c === '"' || c === "'") quote = c;
      else if ('({['.includes(c)) stack.push(c);
      else if (pairs[c] !== undefined && stack.pop() !== pairs[c]) return `unexpected ${c} at ${i}`;
    }
    if (quote) return `unclosed ${quote}`;
    return stack.length > 0 ? `unclosed ${stack.join('')}` : undefined;
  };

  it('PowerShell templates have balanced quotes and brackets, and take their parameters in a param block', () => {
    const scripts = ofLanguage('powershell');
    expect(scripts.length).toBeGreaterThan(8);
    for (const template of scripts) {
      expect(powershellProblems(template.code), template.name).toBeUndefined();
      // "$name:" in a string is a scope-qualified variable in PowerShell: write "${name}:".
      expect(template.code, template.name).not.toMatch(/"[^"\n]*\$(?!env:)[A-Za-z_]\w*:[^"\n]*"/);
      if (template.parameters.length > 0) {
        const block = /param\(([^)]*)\)/.exec(template.code)?.[1] ?? '';
        const names = [...block.matchAll(/\$(\w+)/g)].map((m) => m[1]);
        expect(names, template.name).toEqual(template.parameters.map((p) => p.name));
      }
    }
    expect(powershellProblems('Write-Output "a (b"; if ($x) { "}" }')).toBeUndefined();
    expect(powershellProblems('if ($x) { Write-Output "a"')).toBe('unclosed {');
  });

  it('cmd templates have balanced brackets and quotes on every line', () => {
    const scripts = ofLanguage('cmd');
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const template of scripts) {
      const lines = template.code.split('\n');
      expect(lines[0], template.name).toBe('@echo off');
      let depth = 0;
      for (const line of lines) {
        if (/^\s*rem\b/i.test(line)) continue;
        expect((line.match(/"/g) ?? []).length % 2, `${template.name}: ${line}`).toBe(0);
        const outside = line.replace(/"[^"]*"/g, '');
        depth += (outside.match(/\(/g) ?? []).length - (outside.match(/\)/g) ?? []).length;
        expect(depth, `${template.name}: ${line}`).toBeGreaterThanOrEqual(0);
      }
      expect(depth, template.name).toBe(0);
    }
  });
});

/**
 * The read-only Linux templates run on this machine with their default parameters (required ones given
 * here), as the agent runs them: exit 0 and some output. Not run: those that change the machine (disk
 * clean-up, service restart, DNS flush) and ping (not installed on every test machine).
 */
describe('the read-only Linux templates on this machine', () => {
  let listener: net.Server;
  let port = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => listener?.close());

  const given: Record<number, () => string[]> = {
    27: () => ['127.0.0.1', String(port)],
    34: () => [dir, '0', '5'],
  };
  const readOnly = [6, 9, 12, 14, 16, 18, 20, 24, 27, 28, 30, 34, 36];
  const interpreters: Record<string, string> = { sh: '/bin/sh', bash: 'bash', python: 'python3' };

  for (const id of readOnly) {
    it(`template ${id} runs`, () => {
      const template = scriptTemplates.find((t) => t.id === id)!;
      expect(template.operatingSystems).toContain('LINUX');
      const args = given[id]?.() ?? template.parameters.map((p) => p.defaultValue);
      const run = spawnSync(interpreters[template.language]!, [fileOf(template), ...args], {
        encoding: 'utf8',
        timeout: 50_000,
      });
      expect(run.status, `${template.name}: ${run.stderr}`).toBe(0);
      expect(run.stdout.trim().length, template.name).toBeGreaterThan(0);
    });
  }
});
