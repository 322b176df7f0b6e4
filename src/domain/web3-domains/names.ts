import {
  isNameShape,
  parseLabel,
  ParsedLabel,
  ParsedName,
  parseSecondLevelName,
  SecondLevelName,
  unicodeLabelOf,
} from '../shared/names';

/**
 * Blockchain domain names of surface C (`decisions.md` §0, §3): the `label.tld` names of `shared/names`, under the
 * endings the chains' registries run.
 */
export type Web3Name = SecondLevelName;
export type ParsedWeb3Name = ParsedName;
export type ParsedWeb3Label = ParsedLabel;
export const parseWeb3Label = parseLabel;
export const parseWeb3Name = parseSecondLevelName;
export const isWeb3NameShape = isNameShape;
export { unicodeLabelOf };
