import { Asset, Scripts, useTags } from '@tanstack/react-router'
import { Children, type ReactElement, cloneElement, isValidElement } from 'react'

/**
 * Every page is complete as HTML, so the app's script waits until the page has loaded and its
 * largest element is on screen: on a slow phone the text and the cover image arrive and are shown
 * before the JavaScript competes with them. Done here, in the document the server and the browser
 * both render, so the markup that is hydrated is exactly the markup that was sent.
 *
 * The load event can come before the first paint (a page without images, on a busy phone), and a
 * loaded image may still take a frame or more to be decoded and shown. So the script is requested
 * once the browser reports the page's largest element shown (a largest-contentful-paint entry):
 * the priority image (cover or portrait) when it is on screen and larger than any text so far,
 * otherwise the first such entry. A browser without those entries requests it after the first
 * frame that follows the load.
 */
/** Should the browser report no paint (a page opened in a background tab paints none), the script starts this long after the load. */
const SAFETY_MS = 2000

export const loadAfterLargestPaint = (src: string) =>
  // Text, not a function's source: the server's and the browser's builds must render the same
  // bytes (the page's CSP allows this script by its hash).
  [
    // A block, so its names stay out of the page's global scope.
    '{let started=false;',
    `const start=()=>{if(started)return;started=true;requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))};`,
    'addEventListener("load",()=>{',
    'if(!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"))return start();',
    'const image=document.querySelector("img[fetchpriority=high]");',
    // The image's area on screen, as the browser measures a largest-contentful-paint candidate: its
    // content box, inside any border (the portrait has one). With the border counted, a heading
    // larger than the picture but smaller than picture and border never qualified, and the script
    // waited for the two-second safety margin.
    'const r=image?.getBoundingClientRect();',
    'const left=r?r.left+image.clientLeft:0,top=r?r.top+image.clientTop:0;',
    'const shownArea=r?Math.max(0,Math.min(left+image.clientWidth,innerWidth)-Math.max(left,0))*Math.max(0,Math.min(top+image.clientHeight,innerHeight)-Math.max(top,0)):0;',
    'const observer=new PerformanceObserver((list)=>{',
    'if(list.getEntries().some((entry)=>shownArea===0||entry.element===image||entry.size>=shownArea)){observer.disconnect();start()}',
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
