import type { MouseEvent } from 'react';
import { appMessages } from '../../i18n/app';
import classes from './SkipLink.module.css';

/** The id of the element holding a screen's content, where the skip link leads. */
export const CONTENT_ID = 'conteudo';

/** The first stop of the Tab key: past the header and the menu, straight to the screen's content. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // The router owns the address: move the focus without adding "#conteudo" to it.
    event.preventDefault();
    document.getElementById(CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${CONTENT_ID}`} className={classes.skip} onClick={skip}>
      {appMessages.shell.skipToContent}
    </a>
  );
}
