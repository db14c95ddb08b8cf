from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="QuoteDomainBody")


@_attrs_define
class QuoteDomainBody:
    """
    Attributes:
        domain (str): Name part ("scout") or full name ("scout.agent")
        years (int):
        namespace (str | Unset):
        tld (str | Unset): Legacy alias of namespace
    """

    domain: str
    years: int
    namespace: str | Unset = UNSET
    tld: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        years = self.years

        namespace = self.namespace

        tld = self.tld

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "domain": domain,
                "years": years,
            }
        )
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if tld is not UNSET:
            field_dict["tld"] = tld

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        years = d.pop("years")

        namespace = d.pop("namespace", UNSET)

        tld = d.pop("tld", UNSET)

        quote_domain_body = cls(
            domain=domain,
            years=years,
            namespace=namespace,
            tld=tld,
        )

        quote_domain_body.additional_properties = d
        return quote_domain_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
