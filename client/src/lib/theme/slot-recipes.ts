/**
 * Recipes that the first screen does not need. They stay out of the system (lib/theme/system.ts)
 * and are passed to the component roots that use them (`<Dialog.Root recipe={dialogRecipe}>`), so they
 * load with the route chunks instead of the landing page.
 */
export {
  alertSlotRecipe as alertRecipe,
  cardSlotRecipe as cardRecipe,
  dialogSlotRecipe as dialogRecipe,
  fieldSlotRecipe as fieldRecipe,
  menuSlotRecipe as menuRecipe,
  nativeSelectSlotRecipe as nativeSelectRecipe,
  progressSlotRecipe as progressRecipe,
  radioGroupSlotRecipe as radioGroupRecipe,
  textareaRecipe,
  toastSlotRecipe as toastRecipe,
} from '@chakra-ui/react/theme';
