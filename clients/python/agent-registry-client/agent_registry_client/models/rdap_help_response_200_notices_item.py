from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rdap_help_response_200_notices_item_links_item import RdapHelpResponse200NoticesItemLinksItem


T = TypeVar("T", bound="RdapHelpResponse200NoticesItem")


@_attrs_define
class RdapHelpResponse200NoticesItem:
    """
    Attributes:
        title (str):
        description (list[str]):
        links (list[RdapHelpResponse200NoticesItemLinksItem] | Unset):
    """

    title: str
    description: list[str]
    links: list[RdapHelpResponse200NoticesItemLinksItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        description = self.description

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "description": description,
            }
        )
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rdap_help_response_200_notices_item_links_item import RdapHelpResponse200NoticesItemLinksItem  # noqa: PLC0415

        d = dict(src_dict)
        title = d.pop("title")

        description = cast(list[str], d.pop("description"))

        _links = d.pop("links", UNSET)
        links: list[RdapHelpResponse200NoticesItemLinksItem] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = RdapHelpResponse200NoticesItemLinksItem.from_dict(links_item_data)

                links.append(links_item)

        rdap_help_response_200_notices_item = cls(
            title=title,
            description=description,
            links=links,
        )

        return rdap_help_response_200_notices_item
