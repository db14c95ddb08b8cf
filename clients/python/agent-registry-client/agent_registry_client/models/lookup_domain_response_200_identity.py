from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LookupDomainResponse200Identity")


@_attrs_define
class LookupDomainResponse200Identity:
    """
    Attributes:
        human_backed (bool): Deprecated alias for a stored operator link; not a human-verification result
        squad_id (str): Agent squad identifier; "" when none
        capabilities_preview (list[str]):
    """

    human_backed: bool
    squad_id: str
    capabilities_preview: list[str]

    def to_dict(self) -> dict[str, Any]:
        human_backed = self.human_backed

        squad_id = self.squad_id

        capabilities_preview = self.capabilities_preview

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "human_backed": human_backed,
                "squad_id": squad_id,
                "capabilities_preview": capabilities_preview,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        human_backed = d.pop("human_backed")

        squad_id = d.pop("squad_id")

        capabilities_preview = cast(list[str], d.pop("capabilities_preview"))

        lookup_domain_response_200_identity = cls(
            human_backed=human_backed,
            squad_id=squad_id,
            capabilities_preview=capabilities_preview,
        )

        return lookup_domain_response_200_identity
