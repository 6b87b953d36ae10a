import { Asset, Scripts, useTags } from '@tanstack/react-router'
import { Children, type ReactElement, cloneElement, isValidElement } from 'react'

/**
 * Every page is complete as HTML, so the app's script waits until the page has loaded and its
 * largest element is on screen: on a slow phone the text and the cover image arrive and are shown
 * before the JavaScript competes with them. Done here, in the document the server and the browser
 * both render, so the markup that is hydrated is exactly the markup that was sent.
 *
 * The page's priority image (its cover or portrait) is usually its largest element. Once loaded it
 * may still take a frame or more to be decoded and shown; the script is requested after the
 * browser reports it shown (a largest-contentful-paint entry), not before. When a larger text
 * outshines it, when it is off screen, or in a browser without those entries, the script is
 * requested at once after the first frame that follows the load.
 */
/** Should the browser never report the image shown, the script starts this long after the load. */
const SAFETY_MS = 2000

export const loadAfterLargestPaint = (src: string) =>
  // Text, not a function's source: the server's and the browser's builds must render the same
  // bytes (the page's CSP allows this script by its hash).
  [
    // A block, so its names stay out of the page's global scope.
    '{let started=false;',
    `const start=()=>{if(started)return;started=true;requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))};`,
    'addEventListener("load",()=>{',
    'const image=document.querySelector("img[fetchpriority=high]");',
    'if(!image||!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"))return start();',
    // The image's area on screen, as the browser measures a largest-contentful-paint candidate.
    'const r=image.getBoundingClientRect();',
    'const shownArea=Math.max(0,Math.min(r.right,innerWidth)-Math.max(r.left,0))*Math.max(0,Math.min(r.bottom,innerHeight)-Math.max(r.top,0));',
    'const observer=new PerformanceObserver((list)=>{',
    'if(shownArea===0||list.getEntries().some((entry)=>entry.element===image||entry.size>=shownArea)){observer.disconnect();start()}',
    '});',
    'observer.observe({type:"largest-contentful-paint",buffered:true});',
    `setTimeout(start,${SAFETY_MS})`,
    '})}',
  ].join('')

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

/** The router's body scripts, with the app's module script loaded after the page's largest paint. */
export function BodyScripts() {
  // Scripts is called, not rendered, so its tags can be adjusted before they become elements;
  // its hooks belong to this component, which renders it on every render in the same order.
  const scripts = Scripts() as ReactElement<{ children: ReactElement<AssetProps>[] }>
  return Children.map(scripts.props.children, (script) => {
    const { tag, attrs } = isValidElement<AssetProps>(script) ? script.props : ({} as AssetProps)
    if (tag !== 'script' || attrs?.type !== 'module' || typeof attrs.src !== 'string') return script
    return cloneElement(script, { attrs: {}, children: loadAfterLargestPaint(attrs.src) })
  })
}
