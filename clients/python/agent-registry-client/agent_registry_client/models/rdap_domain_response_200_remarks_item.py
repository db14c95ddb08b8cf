from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rdap_domain_response_200_remarks_item_links_item import RdapDomainResponse200RemarksItemLinksItem


T = TypeVar("T", bound="RdapDomainResponse200RemarksItem")


@_attrs_define
class RdapDomainResponse200RemarksItem:
    """
    Attributes:
        title (str):
        description (list[str]):
        links (list[RdapDomainResponse200RemarksItemLinksItem] | Unset):
    """

    title: str
    description: list[str]
    links: list[RdapDomainResponse200RemarksItemLinksItem] | Unset = UNSET

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
        from ..models.rdap_domain_response_200_remarks_item_links_item import RdapDomainResponse200RemarksItemLinksItem  # noqa: PLC0415

        d = dict(src_dict)
        title = d.pop("title")

        description = cast(list[str], d.pop("description"))

        _links = d.pop("links", UNSET)
        links: list[RdapDomainResponse200RemarksItemLinksItem] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = RdapDomainResponse200RemarksItemLinksItem.from_dict(links_item_data)

                links.append(links_item)

        rdap_domain_response_200_remarks_item = cls(
            title=title,
            description=description,
            links=links,
        )

        return rdap_domain_response_200_remarks_item
