/**
 * A native <input> with Chakra's input recipe, without Ark's Field machinery: for the top bar search
 * box, which is part of every first load. Forms use Chakra's Input (components/ui/form-field.tsx).
 */
import { createRecipeContext, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import type { ForwardRefExoticComponent, RefAttributes } from 'react';

const { withContext } = createRecipeContext({ key: 'input' });

export type PlainInputProps = HTMLChakraProps<'input'> & { size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' };
export const PlainInput: ForwardRefExoticComponent<PlainInputProps & RefAttributes<HTMLInputElement>> = withContext<
  HTMLInputElement,
  PlainInputProps
>('input');
