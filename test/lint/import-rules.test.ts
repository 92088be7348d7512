import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/*
 * DESIGN.md's import rules, checked through the project's real ESLint config:
 * each case lints a one-line file placed (virtually) in a folder and expects
 * the rule to fire — or not.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import rules of DESIGN.md', () => {
  it('main/core can never import electron', async () => {
    expect(await restrictedImports('main/core/probe.ts', "import 'electron';")).toHaveLength(1);
  });

  it('main/core imports common only, not the simulator or a host', async () => {
    expect(await restrictedImports('main/core/probe.ts', "import '../sim/clock';")).toHaveLength(1);
    expect(await restrictedImports('main/core/probe.ts', "import '../web/server';")).toHaveLength(1);
    expect(await restrictedImports('main/core/probe.ts', "import '../../common/contract';")).toHaveLength(0);
  });

  it('renderer can never import main/', async () => {
    expect(await restrictedImports('renderer/src/probe.ts', "import '../../main/core/inbox';")).toHaveLength(1);
    expect(await restrictedImports('renderer/src/probe.ts', "import '../../common/contract';")).toHaveLength(0);
  });

  it('common imports nothing of ours and nothing process-specific', async () => {
    expect(await restrictedImports('common/probe.ts', "import '../main/sim/clock';")).toHaveLength(1);
    expect(await restrictedImports('common/probe.ts', "import 'node:fs';")).toHaveLength(1);
    expect(await restrictedImports('common/probe.ts', "import 'electron';")).toHaveLength(1);
    expect(await restrictedImports('common/probe.ts', "import './sms';")).toHaveLength(0);
  });

  it('main/sim imports common only', async () => {
    expect(await restrictedImports('main/sim/probe.ts', "import '../core/inbox';")).toHaveLength(1);
    expect(await restrictedImports('main/sim/probe.ts', "import '../../common/sms';")).toHaveLength(0);
  });

  it('main/web never imports electron or the simulator', async () => {
    expect(await restrictedImports('main/web/probe.ts', "import 'electron';")).toHaveLength(1);
    expect(await restrictedImports('main/web/probe.ts', "import '../sim/server';")).toHaveLength(1);
    expect(await restrictedImports('main/web/probe.ts', "import '../core/core';")).toHaveLength(0);
  });

  it('preload imports common and electron only', async () => {
    expect(await restrictedImports('preload/probe.ts', "import '../main/core/core';")).toHaveLength(1);
    expect(await restrictedImports('preload/probe.ts', "import 'electron';")).toHaveLength(0);
  });
});
