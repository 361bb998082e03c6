import {
  scriptCategories,
  scriptCategoryLabels,
  scriptLanguageLabels,
  scriptLanguages,
  scriptOperatingSystemLabels,
  scriptOperatingSystems,
} from '@rmm/domain';

/** Select options of the library's enumerations, labelled as the domain names them. */
export const categoryOptions = scriptCategories.map((value) => ({
  value,
  label: scriptCategoryLabels[value],
}));
export const languageOptions = scriptLanguages.map((value) => ({
  value,
  label: scriptLanguageLabels[value],
}));
export const operatingSystemOptions = scriptOperatingSystems.map((value) => ({
  value,
  label: scriptOperatingSystemLabels[value],
}));
