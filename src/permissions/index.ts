// The permission system: policy sources and merge, rule matching, safety immunity, the read-only
// allowlist, the denial tracker, the decision flow and the engine's permission gate.
export type { Action, ApprovalAnswer, ApprovalReply, ApprovalRequest, ApprovalScope, Approver, ScopedApprover, Decision, DecisionSource, Judged, JudgedKind, ListedRule, Rule, RuleSource, ShellParserLike } from './types.js';
export { compilePattern, escapePattern, isGlob, normalizePattern, type CompiledPattern, type Subject } from './pattern.js';
export { parsePolicyText, formatProblem, MAX_PATTERN_LENGTH, type ParsedPolicyFile, type PolicyProblem } from './policy-file.js';
export { Policy, ruleOrigin, type MatchTarget, type PolicyFileInfo, type RuleMatch } from './policy.js';
export { loadPolicy, readProjectSettings, PROJECT_POLICY_FILES, USER_POLICY_FILES, type CliRuleFlags, type LoadPolicyOptions, type ProjectSettings } from './policy-load.js';
export { CONFIG_FILES, PROJECT_SETTINGS_FILES, formatIgnored, type IgnoredSetting, type ProjectSnapshot, type SettingsFile } from './policy-sources.js';
export { answersFileFor, listTrust, revokeTrust, saveTrust, trustState, trustStorePath, type TrustRecord, type TrustState } from './policy-trust.js';
export { defaultAction, defaultRules, KNOWN_EFFECTS } from './defaults.js';
export type { Immunity } from './immune.js';
export { decideParsed, decidePath, immuneJudgedPath, immuneShell } from './decide-path-loaded.js';
export { IMMUNE_CLASSES } from './immune-shell.js';
export { isReadOnlyName, readOnlyCommandCount, readOnlyVeto } from './readonly.js';
export { DenialTracker, denialLimitsFromEnv, DEFAULT_DENIAL_LIMITS, type DenialLimits, type DenialOutcome, type DenialSnapshot } from './denials.js';
export { DenialStore, type DenialStoreOptions } from './denial-store.js';
export { describeCall, pathJudged } from './describe.js';
export { decide, type DecideContext } from './decide.js';
export { strictest } from './explain.js';
export { permissionGate, authorizeJudged, type PermissionGateOptions } from './gate.js';
export { explainCall, explainJudged, judgedFor, envelopePairs, type CommandLookup, type ExplainOptions, type Explanation } from './explain.js';
export { approvalNeededMessage, deniedMessage } from './messages.js';
