import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS_PAGE, toolsPageOf } from './mcp-server';

describe('tools/list pages', () => {
  const tools = Array.from({ length: TOOLS_PAGE * 2 + 5 }, (_, n) => n);

  it('gives every tool once, a page at a time, following nextCursor to the last page', () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = toolsPageOf(tools, cursor);
      seen.push(...page.tools);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(tools);
    expect(toolsPageOf(tools.slice(0, TOOLS_PAGE), undefined)).toEqual({ tools: tools.slice(0, TOOLS_PAGE) });
  });

  it.each(['', 'AA', Buffer.from('-1').toString('base64url'), Buffer.from('0').toString('base64url'), 'x'.repeat(50)])(
    'refuses the cursor %j, which no page gave',
    (cursor) => {
      expect(() => toolsPageOf(tools, cursor)).toThrow(McpError);
    },
  );

  it('refuses a cursor past the last tool', () => {
    expect(() => toolsPageOf(tools, Buffer.from(String(tools.length + 1)).toString('base64url'))).toThrow(McpError);
  });
});
