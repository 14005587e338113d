// A test that sleeps waits on the machine's clock and speed: what it waits for should be moved (the server's clock,
// apps/server/src/clock.ts) or awaited (the outbox drained, the request answered). This rule refuses, in tests and
// their support code, setTimeout with a delay over 250 ms and Playwright's waitForTimeout, unless the comment just
// above says why the wait is real: `// wall-clock wait: …`.
const LIMIT_MS = 250;
const REASON = /wall-clock wait:/i;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    messages: {
      sleep:
        'A test waits {{ms}} on the clock. Move the clock (clock.ts) or wait for what would happen; if the wait is real, say why in a comment above: // wall-clock wait: …',
    },
    schema: [],
  },
  create(context) {
    const explained = (node) => {
      const source = context.sourceCode;
      let current = node;
      while (current) {
        if (source.getCommentsBefore(current).some((c) => REASON.test(c.value))) return true;
        if (current.type.endsWith('Statement') || current.type === 'VariableDeclaration') break;
        current = current.parent;
      }
      return false;
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? callee.property.name : '';
        if (name === 'setTimeout') {
          const delay = node.arguments[1];
          if (delay?.type !== 'Literal' || typeof delay.value !== 'number' || delay.value <= LIMIT_MS) return;
          if (!explained(node)) context.report({ node, messageId: 'sleep', data: { ms: `${delay.value} ms` } });
        } else if (name === 'waitForTimeout' && !explained(node)) {
          context.report({ node, messageId: 'sleep', data: { ms: 'a fixed time' } });
        }
      },
    };
  },
};
