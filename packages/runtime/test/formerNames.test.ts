import { describe, expect, expectTypeOf, it } from 'vitest';
import * as runtime from '@toolgen/runtime';
import * as approval from '@toolgen/runtime/approval';
import * as node from '@toolgen/runtime/node';

// Issue 31 made the approval names consistent (ToolApproval…); the former names stay for one release, as the same things.

describe('the former approval names', () => {
  it('are the renamed values themselves', () => {
    expect(runtime.InMemoryApprovalLedger).toBe(runtime.InMemoryToolApprovalLedger);
    expect(node.FileApprovalLedger).toBe(node.FileToolApprovalLedger);
    expect(approval.approvalBindingFailures).toBe(approval.toolApprovalBindingFailures);
    expect(approval.defaultApprovalLedger).toBe(approval.defaultToolApprovalLedger);
  });

  it('are the renamed types', () => {
    expectTypeOf<runtime.ApprovalChannel>().toEqualTypeOf<runtime.ToolApprovalChannel>();
    expectTypeOf<runtime.ApprovalResponse>().toEqualTypeOf<runtime.ToolApprovalResponse>();
    expectTypeOf<runtime.ApprovalGrant>().toEqualTypeOf<runtime.ToolApprovalGrant>();
    expectTypeOf<runtime.ApprovalPolicy>().toEqualTypeOf<runtime.ToolApprovalPolicy>();
    expectTypeOf<runtime.ApprovalBindingFailure>().toEqualTypeOf<runtime.ToolApprovalBindingFailure>();
    expectTypeOf<runtime.ApprovalLedger>().toEqualTypeOf<runtime.ToolApprovalLedger>();
    expectTypeOf<node.FileApprovalLedgerOptions>().toEqualTypeOf<node.FileToolApprovalLedgerOptions>();
    expectTypeOf<approval.ApprovalInvocationContext>().toEqualTypeOf<approval.ToolApprovalInvocationContext>();
  });
});
