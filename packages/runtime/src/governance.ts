/**
 * The governance vocabulary shared by tool metadata, the catalogue and policies.
 * Every value is a string literal so it survives JSON (manifest, policy files) unchanged.
 */

/** Why a tool uses the network: `none`, only `incidental` (loopback, local services) or `egress` (the outside world). */
export type NetworkScope = 'none' | 'incidental' | 'egress';

/** The approval a tool's calls need: its declared default, or an override from an agent's policy. */
export type ToolApprovalMode = 'default' | 'require_approval' | 'auto_approve' | 'deny';

/** The approval a tool declares in code: `requiresApproval()` makes it `require_approval`. */
export type DeclaredApprovalMode = Extract<ToolApprovalMode, 'default' | 'require_approval'>;

/** Which agents may see a tool, by their confidentiality. */
export type Confidentiality = 'any' | 'confidential_only' | 'non_confidential_only';

/** What a tool does with a workspace path parameter; `write` is checked separately from `read`. */
export type WorkspacePathAccess = 'read' | 'write';

export const networkScopes: readonly NetworkScope[] = ['none', 'incidental', 'egress'];
export const toolApprovalModes: readonly ToolApprovalMode[] = ['default', 'require_approval', 'auto_approve', 'deny'];
export const confidentialities: readonly Confidentiality[] = ['any', 'confidential_only', 'non_confidential_only'];
export const workspacePathAccesses: readonly WorkspacePathAccess[] = ['read', 'write'];

/** A capability an MCP client declares, which a tool can need to be offered to it. */
export type ClientCapability = 'elicitation' | 'sampling' | 'roots';
export const clientCapabilities: readonly ClientCapability[] = ['elicitation', 'sampling', 'roots'];
