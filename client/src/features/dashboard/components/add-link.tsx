/** The "add" action of a dashboard list screen: a green button linking to the create form. */
import { Button } from '@chakra-ui/react/button';
import { MdAdd } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';

export function AddLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild colorPalette="green" size="sm">
      <RouterLink to={to}>
        <MdAdd aria-hidden />
        {label}
      </RouterLink>
    </Button>
  );
}
