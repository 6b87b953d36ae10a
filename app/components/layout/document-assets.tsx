import { Asset, Scripts, useTags } from '@tanstack/react-router'
import { Children, type ReactElement, cloneElement, isValidElement } from 'react'

/**
 * Every page is complete as HTML, so the app's script waits until the page has loaded and its
 * first frame is painted: on a slow phone the text and the cover image arrive before the
 * JavaScript competes with them for the line. Done here, in the document the server and the
 * browser both render, so the markup that is hydrated is exactly the markup that was sent.
 */
export const loadAfterFirstPaint = (src: string) =>
  `addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)}))))`

type AssetProps = { tag: string; attrs?: Record<string, unknown>; children?: string }

/** The router's head tags, without the hints that would fetch the app's script right away. */
export function HeadTags() {
  const tags = useTags().filter((tag) => !(tag.tag === 'link' && tag.attrs?.rel === 'modulepreload'))
  return (
    <>
      {tags.map((tag) => (
        <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} />
      ))}
    </>
  )
}

/** The router's body scripts, with the app's module script loaded after the first paint. */
export function BodyScripts() {
  // Scripts is called, not rendered, so its tags can be adjusted before they become elements;
  // its hooks belong to this component, which renders it on every render in the same order.
  const scripts = Scripts() as ReactElement<{ children: ReactElement<AssetProps>[] }>
  return Children.map(scripts.props.children, (script) => {
    const { tag, attrs } = isValidElement<AssetProps>(script) ? script.props : ({} as AssetProps)
    if (tag !== 'script' || attrs?.type !== 'module' || typeof attrs.src !== 'string') return script
    return cloneElement(script, { attrs: {}, children: loadAfterFirstPaint(attrs.src) })
  })
}
