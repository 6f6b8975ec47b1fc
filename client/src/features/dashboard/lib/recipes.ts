/** Chakra slot recipes only the dashboard uses (the app's theme leaves them out of the first load). */
export {
  checkboxSlotRecipe as checkboxRecipe,
  drawerSlotRecipe as drawerRecipe,
  tableSlotRecipe as tableRecipe,
} from '@chakra-ui/react/theme';
export {
  alertRecipe,
  dialogRecipe,
  fieldRecipe,
  nativeSelectRecipe,
  progressRecipe,
  textareaRecipe,
} from '@/lib/theme/slot-recipes';
