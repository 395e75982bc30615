import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

/**
 * Mantine's Button and Anchor as type-checked router links: `component={Link}` loses the route types, so `search`
 * could not be checked (or even passed) there.
 */
const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
  (props, ref) => <Button component="a" ref={ref} {...props} />,
);
ButtonAnchor.displayName = 'ButtonAnchor';
export const ButtonLink = createLink(ButtonAnchor);

const PlainAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
  (props, ref) => <Anchor ref={ref} {...props} />,
);
PlainAnchor.displayName = 'PlainAnchor';
export const AnchorLink = createLink(PlainAnchor);
