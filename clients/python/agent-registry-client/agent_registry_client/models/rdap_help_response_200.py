from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rdap_help_response_200_notices_item import RdapHelpResponse200NoticesItem


T = TypeVar("T", bound="RdapHelpResponse200")


@_attrs_define
class RdapHelpResponse200:
    """
    Attributes:
        rdap_conformance (list[str]): rdapConformance: "rdap_level_0"
        notices (list[RdapHelpResponse200NoticesItem]):
    """

    rdap_conformance: list[str]
    notices: list[RdapHelpResponse200NoticesItem]

    def to_dict(self) -> dict[str, Any]:
        rdap_conformance = self.rdap_conformance

        notices = []
        for notices_item_data in self.notices:
            notices_item = notices_item_data.to_dict()
            notices.append(notices_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rdapConformance": rdap_conformance,
                "notices": notices,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rdap_help_response_200_notices_item import RdapHelpResponse200NoticesItem  # noqa: PLC0415

        d = dict(src_dict)
        rdap_conformance = cast(list[str], d.pop("rdapConformance"))

        notices = []
        _notices = d.pop("notices")
        for notices_item_data in _notices:
            notices_item = RdapHelpResponse200NoticesItem.from_dict(notices_item_data)

            notices.append(notices_item)

        rdap_help_response_200 = cls(
            rdap_conformance=rdap_conformance,
            notices=notices,
        )

        return rdap_help_response_200
