// Every version a dataset's files depend on, decided here once: the misi-gen package, the
// renderer (renders/scene-key.ts), the H-bond rules, each task's template, and the browser
// build and font that drew the images (asked of the browser the run launched). The run
// identity (parts/run.json), each part (parts/done/<id>.json) and the manifest all take them
// from `versions()`; resume, merge and the assembly refuse to mix any of them and say which
// (`versionDifferences`).

import { z } from '../../qa/record-problems.ts';
import type { TaskModule } from '../../qa/task.ts';
import { loadTemplate } from '../../qa/template.ts';
import { ANNOTATION_SCHEMA_VERSION } from '../../renders/annotation-compact.ts';
import type { RenderEnvironment } from '../../renders/render-environment.ts';
import { RENDERER_VERSION } from '../../renders/scene-key.ts';
import { HBOND_RULES_VERSION } from '../../structures/hbonds/rules-version.ts';
import { PACKAGE_VERSION } from '../package-version.ts';

export const VersionsSchema = z.object({
  misiGen: z.string(),
  /** e.g. `misi-render-8+3dmol-2.5.5`. */
  renderer: z.string().describe('e.g. misi-render-8+3dmol-2.5.5'),
  hbondRules: z.number(),
  /**
   * The annotation schema this misi-gen writes (docs/annotations.md): 2, the compact layout
   * beside the full one; absent (1) in datasets made before, whose annotations are full.
   */
  annotationSchema: z.number().describe('The annotation schema (docs/annotations.md); absent (1) in datasets made before it was recorded'),
  /** The browser's `--version` line. */
  browser: z.string().describe("The browser's --version line"),
  /** The label font file and its sha256 prefix. */
  font: z.string().describe('The label font file and its sha256 prefix'),
  /** Template version per task id, in the run's task order. */
  templates: z.record(z.string(), z.number()).describe("Template version per task id, in the run's task order"),
  /** Versions of the rules the run's tasks declare beyond the H-bond rules (TaskModule.rules),
   * by name; absent when no task of the run declares one (the paper's nine declare none). */
  rules: z
    .record(z.string(), z.number())
    .optional()
    .describe("Versions of the rules the run's tasks declare beyond the H-bond rules (e.g. interactions), by name; absent when none does"),
});
export type Versions = z.infer<typeof VersionsSchema>;

/** The versions this checkout holds to for these tasks (all but browser and font). */
export type CodeVersions = Omit<Versions, 'browser' | 'font'>;

export function codeVersions(tasks: readonly TaskModule[]): CodeVersions {
  return {
    misiGen: PACKAGE_VERSION,
    renderer: RENDERER_VERSION,
    hbondRules: HBOND_RULES_VERSION,
    annotationSchema: ANNOTATION_SCHEMA_VERSION,
    templates: Object.fromEntries(tasks.map((t) => [t.id, loadTemplate(t.template, t.templateDir).version])),
    ...rulesOf(tasks),
  };
}

/** The rule versions the tasks declare, by name (`{}` when none does: no field is written). */
function rulesOf(tasks: readonly TaskModule[]): { rules?: Record<string, number> } {
  const rules: Record<string, number> = {};
  for (const t of tasks)
    for (const [name, version] of Object.entries(t.rules ?? {})) {
      if (rules[name] !== undefined && rules[name] !== version)
        throw new Error(`tasks declare two versions of the ${name} rules (${rules[name]} and ${version}): one definition is expected`);
      rules[name] = version;
    }
  return Object.keys(rules).length ? { rules } : {};
}

/** Every version, in the order the manifest lists them. */
export function versions(environment: RenderEnvironment, tasks: readonly TaskModule[]): Versions {
  const code = codeVersions(tasks);
  return {
    misiGen: code.misiGen,
    renderer: code.renderer,
    hbondRules: code.hbondRules,
    annotationSchema: code.annotationSchema,
    browser: environment.browser,
    font: environment.font,
    templates: code.templates,
    ...(code.rules ? { rules: code.rules } : {}),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown) => (v === undefined ? '(not recorded)' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The versions something was made under (a run identity's, or a part's `versions`) that
 * differ from `expected`, one phrase each naming the version, e.g. `made under renderer
 * version 7, this misi-gen uses 8 (versions.renderer)`; empty when all agree. Compared:
 * renderer, H-bond rules and each template of `expected` (this checkout's, `codeVersions`),
 * and the browser build and font when `expected` names them (the run's: `versions`). The
 * package's own version is not compared (a misi-gen that draws and words the same may go on).
 */
export function versionDifferences(recorded: Record<string, unknown>, expected: CodeVersions & Partial<Versions>): string[] {
  const out: string[] = [];
  if (recorded.renderer !== expected.renderer)
    out.push(`made under renderer version ${show(recorded.renderer)}, this misi-gen uses ${expected.renderer} (versions.renderer)`);
  // Runs before rules were versioned followed version 1.
  const rules = recorded.hbondRules ?? 1;
  if (rules !== expected.hbondRules)
    out.push(
      `made under H-bond rules version ${recorded.hbondRules ?? '1 (not recorded)'}, this misi-gen uses ${expected.hbondRules} (versions.hbondRules)`,
    );
  // Runs before annotation schemas were versioned wrote schema 1 (full records only). Named
  // apart from the option `annotations` (the layout), which the run identity holds beside it.
  if ((recorded.annotationSchema ?? 1) !== expected.annotationSchema)
    out.push(
      `made under annotation schema ${recorded.annotationSchema ?? '1 (not recorded)'}, this misi-gen writes ${expected.annotationSchema} (versions.annotationSchema)`,
    );
  const templates = recorded.templates as Record<string, unknown> | undefined;
  if (templates === undefined) out.push('made before template versions were recorded in the run (versions.templates)');
  else {
    for (const [task, version] of Object.entries(expected.templates)) {
      if (templates[task] !== version)
        out.push(
          `made under template version ${show(templates[task])} of ${task}, this misi-gen uses ${version} (versions.templates.${task})`,
        );
    }
  }
  const taskRules = isRecord(recorded.rules) ? recorded.rules : {};
  for (const [name, version] of Object.entries(expected.rules ?? {}))
    if (taskRules[name] !== version)
      out.push(`made under ${name} rules version ${show(taskRules[name])}, this misi-gen uses ${version} (versions.rules.${name})`);
  for (const [key, what] of [
    ['browser', 'browser build'],
    ['font', 'label font'],
  ] as const) {
    if (expected[key] !== undefined && recorded[key] !== expected[key])
      out.push(`drawn with ${what} ${show(recorded[key])}, the run's is ${expected[key]} (versions.${key})`);
  }
  return out;
}

/** The versions a run's identity records: all but the package's own (see versionDifferences). */
export function identityVersions(v: Versions): Omit<Versions, 'misiGen'> {
  return {
    renderer: v.renderer,
    hbondRules: v.hbondRules,
    annotationSchema: v.annotationSchema,
    browser: v.browser,
    font: v.font,
    templates: v.templates,
    ...(v.rules ? { rules: v.rules } : {}),
  };
}
