from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rdap_domain_response_200_secure_dns_ds_data_item import RdapDomainResponse200SecureDNSDsDataItem


T = TypeVar("T", bound="RdapDomainResponse200SecureDNS")


@_attrs_define
class RdapDomainResponse200SecureDNS:
    """RFC 9083 10.2.7: once the holder enabled DNS, its signed delegation and the DS records it carries

    Attributes:
        delegation_signed (bool):
        zone_signed (bool | Unset):
        ds_data (list[RdapDomainResponse200SecureDNSDsDataItem] | Unset):
    """

    delegation_signed: bool
    zone_signed: bool | Unset = UNSET
    ds_data: list[RdapDomainResponse200SecureDNSDsDataItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        delegation_signed = self.delegation_signed

        zone_signed = self.zone_signed

        ds_data: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ds_data, Unset):
            ds_data = []
            for ds_data_item_data in self.ds_data:
                ds_data_item = ds_data_item_data.to_dict()
                ds_data.append(ds_data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delegationSigned": delegation_signed,
            }
        )
        if zone_signed is not UNSET:
            field_dict["zoneSigned"] = zone_signed
        if ds_data is not UNSET:
            field_dict["dsData"] = ds_data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rdap_domain_response_200_secure_dns_ds_data_item import RdapDomainResponse200SecureDNSDsDataItem  # noqa: PLC0415

        d = dict(src_dict)
        delegation_signed = d.pop("delegationSigned")

        zone_signed = d.pop("zoneSigned", UNSET)

        _ds_data = d.pop("dsData", UNSET)
        ds_data: list[RdapDomainResponse200SecureDNSDsDataItem] | Unset = UNSET
        if _ds_data is not UNSET:
            ds_data = []
            for ds_data_item_data in _ds_data:
                ds_data_item = RdapDomainResponse200SecureDNSDsDataItem.from_dict(ds_data_item_data)

                ds_data.append(ds_data_item)

        rdap_domain_response_200_secure_dns = cls(
            delegation_signed=delegation_signed,
            zone_signed=zone_signed,
            ds_data=ds_data,
        )

        return rdap_domain_response_200_secure_dns
