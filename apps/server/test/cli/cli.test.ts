import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from './support.js';

// None of these reach the database: usage is checked before anything is opened.
const cli = (...argv: string[]) => runCli(argv, { NODE_ENV: 'test', DATABASE_URL: 'file:/nonexistent/dir/never.db' }, tmpdir());

describe('tessera usage', () => {
  it('--help lists every command and exits 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const res = await cli(flag);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Usage: tessera COMMAND');
      for (const command of ['brand import', 'cards import', 'cards unlock', 'cards recovery-code']) expect(res.stdout).toContain(command);
      expect(res.stderr).toBe('');
    }
  });

  it('without a command prints the help on stderr and exits 2', async () => {
    const res = await cli();
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Commands:');
  });

  it('refuses an unknown command with a hint, exit 2', async () => {
    const res = await cli('frobnicate');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('unknown command "frobnicate"');
    expect(res.stderr).toContain('tessera --help');
    const sub = await cli('cards', 'burn');
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain('unknown command "cards burn"');
    expect(sub.stderr).toContain('tessera cards --help');
  });

  it('lists the subcommands of a group', async () => {
    const res = await cli('cards', '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('cards import');
    expect(res.stdout).toContain('cards unlock');
    expect(res.stdout).toContain('cards recovery-code');
    expect((await cli('brand')).code).toBe(2);
  });

  it.each([
    ['brand', 'import'],
    ['cards', 'import'],
    ['cards', 'unlock'],
    ['cards', 'recovery-code'],
  ])('%s %s --help shows its usage and exits 0', async (group, command) => {
    const res = await cli(group, command, '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Usage: tessera ${group} ${command}`);
  });

  it('documents the CSV columns in cards import --help', async () => {
    const res = await cli('cards', 'import', '--help');
    for (const column of ['brand', 'kind', 'card_number', 'security_code', 'balance', 'expires_at', 'phone', 'pin']) {
      expect(res.stdout).toContain(column);
    }
  });

  it('refuses missing arguments and unknown options with exit 2', async () => {
    const missing = await cli('cards', 'import');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('needs the CSV file');
    const unknown = await cli('cards', 'import', 'x.csv', '--force');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--force'");
    expect(unknown.stderr).toContain('tessera cards import --help');
    const twoFiles = await cli('brand', 'import', 'a.json', 'b.json');
    expect(twoFiles.code).toBe(2);
    const delimiter = await cli('cards', 'import', 'x.csv', '--delimiter', ';;');
    expect(delimiter.code).toBe(2);
    expect((await cli('cards', 'unlock')).code).toBe(2);
  });

  it('reports a bad configuration with exit 78', async () => {
    const res = await runCli(['cards', 'unlock', '6064000000000000101'], { NODE_ENV: 'test', DATABASE_URL: 'mysql://nope' }, tmpdir());
    expect(res.code).toBe(78);
    expect(res.stderr).toContain('DATABASE_URL');
  });
});
