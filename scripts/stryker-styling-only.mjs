// A Stryker ignorer (stryker.config.mjs: `ignorers: ['styling-only']`) for the mutants of the pages'
// looks: Tailwind class names and e-mail inline styles. Emptying `'bg-accent-700 text-white'` or
// flipping the condition that picks a hover colour changes how a page looks, not what it says,
// links to or announces; those mutants are reported as "ignored" with this reason, and counted.
//
// What is left out, as a whole (every mutant inside it):
//   - the value of a `className` or `style` attribute: className={cn(…)}, style={{ … }};
//   - a call to `cn(…)`, the class-name joiner, and an object's `className` property;
//   - a variable whose name ends in `Class` (`const boxClass = …`, `const inputClass = …`), and a
//     function whose name ends in `Variants` (class-variance-authority's name for one that returns
//     class names: `buttonVariants`).
// Never left out: a class list that hides or reveals something (`sr-only`, `hidden`, `invisible`,
// with or without a breakpoint such as `lg:hidden`): what a screen reader or a phone shows is
// behaviour, and those mutants stay in the score.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin'

const REASON = 'Styling only: a class name or inline style (scripts/stryker-styling-only.mjs)'
const VISIBILITY = /(^|[\s:])(sr-only|not-sr-only|hidden|invisible)(?=\s|$)/

const isStylingAttribute = (node) => node.type === 'JSXAttribute' && ['className', 'style'].includes(node.name?.name)
const isClassNameCall = (node) => node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'cn'
const isClassNameProperty = (node) => node.type === 'ObjectProperty' && !node.computed && node.key.type === 'Identifier' && node.key.name === 'className'
const isClassVariable = (node) => node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && /Class$/.test(node.id.name)
const isVariantsFunction = (node) => node.type === 'FunctionDeclaration' && /Variants$/.test(node.id?.name ?? '')

/** Whether any text in the subtree (string or template part) names a class that hides or shows content. */
function touchesVisibility(path) {
  let found = false
  const check = (text) => {
    if (VISIBILITY.test(text)) found = true
  }
  if (path.isStringLiteral()) check(path.node.value)
  path.traverse({
    StringLiteral: (inner) => check(inner.node.value),
    TemplateElement: (inner) => check(inner.node.value.raw),
  })
  return found
}

const stylingOnly = {
  shouldIgnore(path) {
    const { node } = path
    const styling = isStylingAttribute(node) || isClassNameCall(node) || isClassNameProperty(node) || isClassVariable(node) || isVariantsFunction(node)
    return styling && !touchesVisibility(path) ? REASON : undefined
  },
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'styling-only', stylingOnly)]
